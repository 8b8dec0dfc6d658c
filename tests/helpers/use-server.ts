import { afterAll, beforeAll } from 'vitest';
import { serve, type RunningServer, type ServeOptions } from '../../server/node/serve.ts';

/**
 * Starts the app (/mcp and the mock models) on a free port before the tests of the
 * enclosing describe (or file) and closes it after them. The handle reads the running
 * server lazily, because the server only exists once beforeAll has run.
 */
export function useServer(options: Omit<ServeOptions, 'port'> = {}): Pick<RunningServer, 'url' | 'port'> {
  let server: RunningServer | undefined;
  beforeAll(async () => {
    server = await serve({ port: 0, ...options });
  });
  afterAll(async () => {
    await server?.close();
  });
  const running = (): RunningServer => {
    if (!server) throw new Error('The server is not running: use it inside a test or a hook, not while tests are being collected.');
    return server;
  };
  return {
    get url() {
      return running().url;
    },
    get port() {
      return running().port;
    },
  };
}
