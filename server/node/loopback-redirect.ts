import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The CLI's redirect URI (RFC 8252 §7.3, a native app's loopback redirect): a listener on
 * 127.0.0.1 at a free port that takes the one redirect the authorization server sends
 * the browser to, and hands its URL (code, state, iss) to the host, which checks it.
 */

export type LoopbackRedirect = {
  redirectUri: string;
  /** Resolves with the URL the browser was sent back to; rejects when the wait is over or the run stops. */
  waitForRedirect: (signal: AbortSignal) => Promise<string>;
  close: () => Promise<void>;
};

/** Long enough to sign in and approve, short enough that a forgotten run ends. */
const WAIT_FOR_CONSENT_MS = 5 * 60_000;

export async function startLoopbackRedirect(): Promise<LoopbackRedirect> {
  let deliver: ((url: string) => void) | undefined;
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', `http://${request.headers.host ?? '127.0.0.1'}`);
    if (request.method !== 'GET' || url.pathname !== '/callback') {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not the callback.\n');
      return;
    }
    response.writeHead(200, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
    response.end('The explorer received the answer of the authorization server. You may close this window and go back to the terminal.\n');
    deliver?.(`${redirectUri}${url.search}`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const redirectUri = `http://127.0.0.1:${port}/callback`;
  return {
    redirectUri,
    waitForRedirect: (signal) =>
      new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no redirect reached ${redirectUri} within ${WAIT_FOR_CONSENT_MS / 60_000} minutes.`)), WAIT_FOR_CONSENT_MS);
        signal.addEventListener('abort', () => reject(new Error('the run was stopped.')), { once: true });
        deliver = (url) => {
          clearTimeout(timer);
          resolve(url);
        };
      }),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
