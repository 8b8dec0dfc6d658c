import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool } from '../../server/mcp/tool-registry.ts';
import { addNumbers } from '../../server/mcp/tools-by-endpoint.ts';
import { serve, type RunningServer } from '../../server/node/serve.ts';
import { postMcp, type JsonRpcMessage } from '../helpers/mcp-http.ts';

/**
 * The server's own reports (notifications/progress) over raw HTTP JSON-RPC: sent only
 * when the client asked for progress, and truthful when a handler fails.
 */

const failing = defineTool({
  name: 'divide_numbers',
  description: 'Divides two numbers',
  input: z.object({ a: z.number(), b: z.number() }),
  handler: ({ a, b }) => {
    if (b === 0) throw new Error('cannot divide by zero');
    return a / b;
  },
  present: (quotient) => ({ content: [{ type: 'text', text: `Result: ${quotient}` }] }),
});

let server: RunningServer;
beforeAll(async () => {
  server = await serve({ port: 0, tools: [addNumbers, failing] });
});
afterAll(async () => {
  await server.close();
});

/** One JSON-RPC request to /mcp in the 2025-11-25 era; the messages of the SSE answer, in order. */
async function callMcp(method: string, params: Record<string, unknown>): Promise<JsonRpcMessage[]> {
  const answer = await postMcp(`${server.url}/mcp`, { jsonrpc: '2.0', id: 7, method, params });
  expect(answer.status).toBe(200);
  return answer.messages;
}

describe('progress reports', () => {
  it('are not sent when the client did not ask for progress', async () => {
    const messages = await callMcp('tools/call', { name: 'add_numbers', arguments: { a: 5, b: 7 } });
    expect(messages.map((message) => message.method ?? 'result')).toEqual(['result']);
    expect(messages[0]!.result).toMatchObject({ content: [{ type: 'text', text: 'Result: 12' }] });
  });

  it("come before the result, with the client's token, when it asked", async () => {
    const messages = await callMcp('tools/call', { name: 'add_numbers', arguments: { a: 5, b: 7 }, _meta: { progressToken: 'lesson-1' } });
    expect(messages.map((message) => message.method ?? 'result')).toEqual([
      'notifications/progress',
      'notifications/progress',
      'notifications/progress',
      'result',
    ]);
    expect(messages.slice(0, 3).every((message) => message.params!.progressToken === 'lesson-1')).toBe(true);
  });

  it('list every tool in the registry report of tools/list', async () => {
    const messages = await callMcp('tools/list', { _meta: { progressToken: 1 } });
    expect(messages[0]!.params!.message).toContain('Registry read: 2 tools (add_numbers, divide_numbers)');
  });
});

describe('a handler that fails', () => {
  it('reports the failure in its execution report and returns an isError result', async () => {
    const messages = await callMcp('tools/call', { name: 'divide_numbers', arguments: { a: 1, b: 0 }, _meta: { progressToken: 2 } });
    expect(messages[2]!.params!.message).toBe('Execution: divide_numbers failed: cannot divide by zero.');
    expect(messages[3]!.result).toEqual({ content: [{ type: 'text', text: 'Tool divide_numbers failed: cannot divide by zero' }], isError: true });
  });
});

describe('arguments that fail validation', () => {
  it('are reported one by one, and the handler never runs', async () => {
    const messages = await callMcp('tools/call', { name: 'add_numbers', arguments: { a: 'five', c: 1 }, _meta: { progressToken: 3 } });
    const validation = messages[1]!.params!.message!;
    expect(validation).toContain('a = "five" ✗ number');
    expect(validation).toContain('b = missing ✗ number');
    expect(validation).toContain('c = 1 ✗ not in the schema');
    expect(validation).toContain('(rejected)');
    expect(messages.map((message) => message.method ?? 'result')).toEqual(['notifications/progress', 'notifications/progress', 'result']);
    expect(messages[2]!.result!.isError).toBe(true);
  });
});
