import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as StreamableHTTPClientTransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpServer as McpServerV1 } from '@modelcontextprotocol/sdk/server/mcp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createLifecycleRun } from '../../src/lifecycle/engine.ts';
import type { EraChoice, Trace } from '../../src/trace/trace.ts';
import { MOCK_BASE_PATH, MOCK_MODEL } from '../helpers/create-mock-run.ts';
import { createEverythingRun, EVERYTHING_STDIO_ARGUMENT } from '../helpers/everything-server.ts';
import { runTraceCli } from '../helpers/run-trace-cli.ts';
import { startCrossOriginServer } from '../helpers/start-cross-origin-server.ts';
import { useServer } from '../helpers/use-server.ts';

/**
 * The Auto era against servers we did not write: a v1 SDK server whose catch-all handler
 * answers server/discover with an empty result, behind a gateway (the v2 SDK's own auto
 * mode falls back on it, and is the oracle here), and the reference everything server over stdio, in Auto
 * (2026-07-28 tried first, in the open, the program started again for 2025-11-25) and
 * pinned to 2026-07-28 (the fault points to Auto).
 */

const app = useServer();
let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

const ids = (trace: Trace) => trace.steps.map((step) => step.id);
const provider = () => ({ wire: 'openai-chat', kind: 'mock' as const, baseUrl: `${app.url}${MOCK_BASE_PATH}`, model: MOCK_MODEL });

/**
 * A v1 SDK server with an add tool and a catch-all handler that answers any request it has
 * no handler for with an empty result, behind a plain JSON-over-HTTP gateway (one POST, one
 * answer, no protocol-version check), as servers fronted by a gateway of their own are.
 */
async function startCatchAllServer(): Promise<string> {
  const listening = await startCrossOriginServer((request, response) => {
    void (async () => {
      if (request.method !== 'POST') {
        response.writeHead(405, { allow: 'POST' }).end();
        return;
      }
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(Buffer.from(chunk as Uint8Array));
      const message = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id?: unknown };
      const server = new McpServerV1({ name: 'catch-all-v1', version: '1.0.0' });
      server.registerTool('add', { description: 'Adds two numbers', inputSchema: { a: z.number(), b: z.number() } }, ({ a, b }) => ({
        content: [{ type: 'text', text: String(a + b) }],
      }));
      server.server.fallbackRequestHandler = async () => ({});
      const [gateway, inside] = InMemoryTransport.createLinkedPair();
      await server.connect(inside);
      const answered = new Promise<unknown>((resolve) => (gateway.onmessage = resolve));
      await gateway.start();
      await gateway.send(message as Parameters<typeof gateway.send>[0]);
      if (message.id === undefined) {
        response.writeHead(202).end();
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(await answered));
      await server.close();
    })();
  });
  close = listening.close;
  return `${listening.url}/mcp`;
}

function runStdio(era: EraChoice): Promise<Trace> {
  return createEverythingRun(app.url, { question: 'What is 5 plus 7?', era }).start();
}

describe('the Auto era and a server whose server/discover answer is an empty result', () => {
  it('falls back in the open, as the v2 SDK’s own auto mode does against the same server, and never says "pinned"', async () => {
    const url = await startCatchAllServer();
    const oracle = new Client({ name: 'oracle', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } });
    await oracle.connect(new StreamableHTTPClientTransport(new URL(url)));
    expect(oracle.getNegotiatedProtocolVersion()).toBe('2025-11-25');
    await oracle.close();
    // The v1 SDK client talks to it as to any 2025-11-25 server.
    const v1 = new ClientV1({ name: 'v1', version: '1.0.0' });
    await v1.connect(new StreamableHTTPClientTransportV1(new URL(url)));
    expect((await v1.listTools()).tools.map((tool) => tool.name)).toEqual(['add']);
    await v1.close();

    const trace = await createLifecycleRun({
      question: 'What is 5 plus 7?',
      era: 'auto',
      mcpUrl: url,
      provider: provider(),
      autoRelease: true,
      networkTimeoutMs: 10_000,
    }).start();
    expect(trace.steps.at(-1)?.fault).toBeUndefined();
    expect(JSON.stringify(trace)).not.toContain('pin mode');
    expect(trace.status).toBe('complete');
    expect(trace.mcp.protocolVersion).toBe('2025-11-25');
    const fallback = trace.steps.find((step) => step.id === 'host.era-fallback')!;
    expect(fallback.payload).toMatchObject({
      serverAnswered: { status: 200, result: '{}' },
      reason: expect.stringContaining('a result that is no answer to it'),
    });
  });
});

describe('the Auto era over stdio, with the everything server', () => {
  it('tries 2026-07-28 first in the open, then starts the program again for 2025-11-25, and completes', async () => {
    const trace = await runStdio('auto');
    expect(trace.steps.at(-1)?.fault).toBeUndefined();
    expect(trace.status).toBe('complete');
    expect(trace.mcp.protocolVersion).toBe('2025-11-25');
    const order = ids(trace);
    expect(order.indexOf('mcp.discover.request')).toBeGreaterThan(-1);
    expect(order.indexOf('host.era-fallback')).toBeGreaterThan(order.indexOf('mcp.discover.request'));
    expect(order.indexOf('mcp.initialize.request')).toBeGreaterThan(order.indexOf('host.era-fallback'));
    expect(trace.steps.find((step) => step.id === 'host.era-fallback')?.payload).toMatchObject({ action: expect.stringContaining('start the program again') });
  });

  it('pinned to 2026-07-28, says the server does not speak it and points to Auto, not to stdout', async () => {
    const trace = await runStdio('2026-07-28');
    expect(trace.status).toBe('failed');
    const fault = trace.steps.at(-1)?.fault;
    expect(fault?.what).toContain('does not speak the 2026-07-28 era');
    expect(`${fault?.why} ${fault?.fix}`).not.toMatch(/stdout/);
  });

  it('the CLI: --stdio with --era auto runs the same fallback, and pinned 2026-07-28 says --era auto', async () => {
    const command = EVERYTHING_STDIO_ARGUMENT;
    const auto = await runTraceCli(['--json', '--stdio', command, '--era', 'auto'], { timeoutMs: 60_000, maxBuffer: 64 * 1024 * 1024 });
    const trace = JSON.parse(auto.stdout) as Trace;
    expect(trace.status).toBe('complete');
    expect(ids(trace)).toContain('host.era-fallback');
    const pinned = await runTraceCli(['--stdio', command, '--era', '2026-07-28'], { timeoutMs: 60_000 });
    expect(pinned.code).toBe(1);
    expect(pinned.stdout).toContain('--era auto');
    expect(pinned.stdout).not.toContain('stdout');
    // Two CLI runs one after the other, each a process of its own: the test's time is theirs together.
  }, 120_000);
});
