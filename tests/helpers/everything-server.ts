import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { createLifecycleRun, type LifecycleRun, type RunOptions } from '../../src/lifecycle/engine.ts';
import type { NamedStdioCommand } from '../../server/node/parse-stdio-command.ts';
import { MOCK_BASE_PATH, MOCK_MODEL } from './create-mock-run.ts';
import { findClosedPort } from './start-http-server.ts';

/** The reference "everything" MCP server (@modelcontextprotocol/server-everything), a server we did not write. */
export const EVERYTHING_ENTRY = fileURLToPath(new URL('../../node_modules/@modelcontextprotocol/server-everything/dist/index.js', import.meta.url));

/** It over stdio, as `--stdio everything="node …/dist/index.js stdio"` names it. */
export const EVERYTHING_STDIO: NamedStdioCommand = { name: 'everything', command: process.execPath, args: [EVERYTHING_ENTRY, 'stdio'] };

/** The same command as the CLI's `--stdio` takes it: a JSON array. */
export const EVERYTHING_STDIO_ARGUMENT = JSON.stringify([EVERYTHING_STDIO.command, ...EVERYTHING_STDIO.args]);

/** A new stdio connection to it: a program of its own each time, as the host asks for one per connection. */
export const startEverythingStdio = (): StdioClientTransport =>
  new StdioClientTransport({ command: EVERYTHING_STDIO.command, args: EVERYTHING_STDIO.args, stderr: 'ignore' });

/**
 * A host run against it over stdio with the mock model of the app at appUrl (OpenAI Chat unless told), every gate
 * open, as the CLI runs it. It speaks 2025-11-25 alone (the v1 SDK), hence that era unless told; its program takes
 * a while to start, hence the longer network timeout.
 */
export function createEverythingRun(appUrl: string, options: Partial<RunOptions> & { question: string }): LifecycleRun {
  return createLifecycleRun({
    era: '2025-11-25',
    mcpUrl: 'stdio:everything',
    mcpTransport: startEverythingStdio,
    provider: { wire: 'openai-chat', kind: 'mock', baseUrl: `${appUrl}${MOCK_BASE_PATH}`, model: MOCK_MODEL },
    autoRelease: true,
    networkTimeoutMs: 20_000,
    ...options,
  });
}

/** Makes a program's listen(port) bind 127.0.0.1: the everything server's HTTP mode would listen on every address. */
export const LISTEN_ON_LOOPBACK = fileURLToPath(new URL('./listen-on-loopback.mjs', import.meta.url));

/** The everything server in its own Streamable HTTP mode (sessions, the v1 SDK, an event store), as a child process. */
export type EverythingHttpServer = { url: string; stop: () => void };

/** Starts it on a free loopback port (it reads PORT) and resolves once it says it listens; `url` is its MCP endpoint. */
export async function startEverythingHttp(): Promise<EverythingHttpServer> {
  const port = await findClosedPort();
  const started = spawn(process.execPath, ['--import', LISTEN_ON_LOOPBACK, EVERYTHING_ENTRY, 'streamableHttp'], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`The everything server did not listen within 15 s: ${output}`)), 15_000);
    started.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (/listening on port/.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    });
    started.once('exit', (code) => reject(new Error(`The everything server exited (${code}): ${output}`)));
  });
  return { url: `http://127.0.0.1:${port}/mcp`, stop: () => void started.kill('SIGTERM') };
}
