import { toNodeHandler } from '@modelcontextprotocol/node';
import { McpServer, createMcpHandler } from '@modelcontextprotocol/server';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createLifecycleRun } from '../../src/lifecycle/engine.ts';
import type { Trace } from '../../src/trace/trace.ts';
import { createEverythingRun } from '../helpers/everything-server.ts';
import { MOCK_BASE_PATH, MOCK_MODEL } from '../helpers/create-mock-run.ts';
import { runTraceCli } from '../helpers/run-trace-cli.ts';
import { startCrossOriginServer } from '../helpers/start-cross-origin-server.ts';
import { useServer } from '../helpers/use-server.ts';

/**
 * The mock model with servers we did not write: the reference everything server's echo
 * (over stdio), and a v2 SDK server with a multiplication, a tool whose ordinary answer
 * begins with "Error:", and a destructive tool behind the consent gate. What the mock
 * sends and says is read from the real traffic.
 */

const app = useServer();
let closeServer: (() => Promise<void>) | undefined;
afterEach(async () => {
  await closeServer?.();
  closeServer = undefined;
});

const provider = () => ({ wire: 'openai-chat', kind: 'mock' as const, baseUrl: `${app.url}${MOCK_BASE_PATH}`, model: MOCK_MODEL });
const callsOf = (trace: Trace) =>
  trace.steps.filter((step) => step.id === 'mcp.tools-call.request').map((step) => (step.payload as { params: unknown }).params);

function runAgainstEverything(question: string): Promise<Trace> {
  return createEverythingRun(app.url, { question }).start();
}

/** A v2 SDK server written as its README writes one, with the tools these tests need. */
async function startToolServer(): Promise<string> {
  const handler = toNodeHandler(
    createMcpHandler(() => {
      const server = new McpServer({ name: 'sdk-v2-tools', version: '1.0.0' });
      server.registerTool('multiply', { description: 'Multiplies two numbers', inputSchema: z.object({ a: z.number(), b: z.number() }) }, ({ a, b }) => ({
        content: [{ type: 'text', text: String(a * b) }],
      }));
      // An ordinary answer that happens to begin with "Error:": the tool did not say isError.
      server.registerTool(
        'lookup_status_code',
        { description: 'Looks up what an HTTP status code means', inputSchema: z.object({ code: z.number() }) },
        ({ code }) => ({
          content: [{ type: 'text', text: code === 404 ? 'Error: Not Found. The server has no resource at that address.' : 'OK' }],
        }),
      );
      server.registerTool(
        'delete_file',
        { description: 'Deletes a file', inputSchema: z.object({ path: z.string() }), annotations: { destructiveHint: true, readOnlyHint: false } },
        () => ({ content: [{ type: 'text', text: 'deleted' }] }),
      );
      return server;
    }),
  );
  const listening = await startCrossOriginServer((request, response) => void handler(request, response));
  closeServer = listening.close;
  return `${listening.url}/mcp`;
}

describe('the mock model with the everything server’s echo', () => {
  it.each([['Say hello world using the echo tool'], ['Please echo back the message: hello world']])('%j sends echo("hello world")', async (question) => {
    const trace = await runAgainstEverything(question);
    expect(trace.status).toBe('complete');
    expect(callsOf(trace)).toEqual([{ name: 'echo', arguments: { message: 'hello world' }, _meta: expect.anything() }]);
    expect(trace.answer).toBe('The echo tool says: Echo: hello world.');
  });
});

describe('the mock model with a v2 SDK server', () => {
  it('finds the multiplication in "Was ist 12 mal 3?"', async () => {
    const url = await startToolServer();
    const trace = await createLifecycleRun({
      question: 'Was ist 12 mal 3?',
      era: '2026-07-28',
      mcpUrl: url,
      provider: provider(),
      autoRelease: true,
      networkTimeoutMs: 10_000,
    }).start();
    expect(callsOf(trace)).toEqual([expect.objectContaining({ name: 'multiply', arguments: { a: 12, b: 3 } })]);
    expect(trace.answer).toBe('12 times 3 is 36.');
  });

  it('says what a tool answered when its text begins with "Error:" but it did not say isError', async () => {
    const url = await startToolServer();
    const trace = await createLifecycleRun({
      question: 'Look up the status code 404',
      era: '2025-11-25',
      mcpUrl: url,
      provider: provider(),
      autoRelease: true,
      networkTimeoutMs: 10_000,
    }).start();
    expect(trace.steps.find((step) => step.id === 'mcp.tools-call.response')?.payload).toMatchObject({
      result: { content: [{ text: 'Error: Not Found. The server has no resource at that address.' }] },
    });
    expect(JSON.stringify(trace.steps.find((step) => step.id === 'mcp.tools-call.response')?.payload)).not.toContain('isError');
    expect(trace.answer).toBe('The lookup_status_code tool says: Error: Not Found. The server has no resource at that address.');
  });

  it('answers --consent deny in the CLI with the declined call, not "the tool reported an error"', async () => {
    const url = await startToolServer();
    const run = await runTraceCli(['Delete the file "notes.txt"', '--server', url, '--consent', 'deny', '--json']);
    const trace = JSON.parse(run.stdout) as Trace;
    expect(trace.status).toBe('declined');
    expect(callsOf(trace)).toEqual([]);
    expect(trace.answer).toBe(
      'I have no result from the delete_file tool: The user declined to let the host call delete_file, so it was not called and nothing changed on the server.',
    );
    expect(trace.answer).not.toContain('reported an error');
  });
});
