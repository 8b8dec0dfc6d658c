import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { findClosedPort } from './start-http-server.ts';

/**
 * The official MCP Apps example servers from npm (@modelcontextprotocol/server-basic-*),
 * started as their README says: over HTTP on PORT (its /mcp, stateless, CORS for any page),
 * or as a stdio program with --stdio. Each is a real third-party server with a real view.
 */

export const EXAMPLE_APP_SERVERS = {
  vanillajs: '@modelcontextprotocol/server-basic-vanillajs',
  react: '@modelcontextprotocol/server-basic-react',
} as const;
export type ExampleAppServer = keyof typeof EXAMPLE_APP_SERVERS;

/** The example's program: its package's bin, dist/index.js. */
export function findExampleProgram(example: ExampleAppServer): string {
  return fileURLToPath(new URL(`../../node_modules/${EXAMPLE_APP_SERVERS[example]}/dist/index.js`, import.meta.url));
}

export type RunningExample = { url: string; output: () => string; close: () => Promise<void> };

/** Starts the example over HTTP and waits until it says it listens; its /mcp on 127.0.0.1. */
export async function startExampleOverHttp(example: ExampleAppServer): Promise<RunningExample> {
  const port = await findClosedPort();
  const child: ChildProcess = spawn(process.execPath, [findExampleProgram(example)], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const listening = new Promise<void>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (output.includes('MCP server listening')) resolve();
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => reject(new Error(`${EXAMPLE_APP_SERVERS[example]} exited (${code}) before it listened: ${output}`)));
    setTimeout(() => reject(new Error(`${EXAMPLE_APP_SERVERS[example]} did not say it listened within 20 s: ${output}`)), 20_000).unref();
  });
  await listening;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    output: () => output,
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
