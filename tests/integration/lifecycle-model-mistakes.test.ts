import { afterEach, describe, expect, it } from 'vitest';
import { createMockRun } from '../helpers/create-mock-run.ts';
import { startHttpServer, type TestServer } from '../helpers/start-http-server.ts';
import { useServer } from '../helpers/use-server.ts';

/**
 * A model that makes mistakes (a tool that does not exist, arguments that are not
 * JSON, a string where a number belongs): the host tells it so through a tool
 * message and the run still ends with an answer. The model here is a small real
 * HTTP server that follows a script; the MCP server is the real one.
 */

const server = useServer();
let modelServer: TestServer | undefined;
afterEach(async () => {
  await modelServer?.close();
  modelServer = undefined;
});

type ChatMessage = { role: string; content?: unknown; tool_call_id?: string };

/** Asks for one tool call first; once a tool message is back, answers with what it said. */
async function startScriptedModel(name: string, argumentsText: string): Promise<string> {
  modelServer = await startHttpServer((_request, response, body) => {
    const { messages } = JSON.parse(body) as { messages: ChatMessage[] };
    const toolMessage = messages.find((message) => message.role === 'tool');
    const message = toolMessage
      ? { role: 'assistant', content: `The tool said: ${String(toolMessage.content)}` }
      : { role: 'assistant', content: null, tool_calls: [{ id: 'call_script', type: 'function', function: { name, arguments: argumentsText } }] };
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ model: 'scripted', choices: [{ index: 0, message, finish_reason: toolMessage ? 'stop' : 'tool_calls' }] }));
  });
  return modelServer.url;
}

function providerAt(baseUrl: string) {
  return { wire: 'openai-chat', kind: 'real' as const, baseUrl, model: 'scripted' };
}

function lastToolMessage(): ChatMessage {
  const last = JSON.parse(modelServer!.received.at(-1)!.body) as { messages: ChatMessage[] };
  return last.messages.find((message) => message.role === 'tool')!;
}

describe('a model that calls a tool the server does not have', () => {
  it('gets the JSON-RPC error (-32602) back as its tool message, and the run completes', async () => {
    const baseUrl = await startScriptedModel('divide_numbers', '{"a":1,"b":2}');
    const trace = await createMockRun(server.url, { provider: providerAt(baseUrl), autoRelease: true }).start();
    expect(trace.status).toBe('complete');
    const lookup = trace.steps.find((step) => step.id === 'server.registry-lookup')!;
    expect((lookup.payload as { params: { message: string } }).params.message).toBe('Registry lookup: no tool named divide_numbers.');
    const response = trace.steps.find((step) => step.id === 'mcp.tools-call.response')!;
    expect(response.payload).toMatchObject({ error: { code: -32602 } });
    expect(lastToolMessage()).toMatchObject({ tool_call_id: 'call_script', content: expect.stringMatching(/^Error \(no tool result\): MCP error -32602/) });
    expect(trace.answer).toContain('divide_numbers');
  });
});

describe('a model whose arguments are not JSON', () => {
  it("gets the host's error back without any tools/call being sent", async () => {
    const baseUrl = await startScriptedModel('add_numbers', '{"a":5,');
    const trace = await createMockRun(server.url, { provider: providerAt(baseUrl), autoRelease: true }).start();
    expect(trace.status).toBe('complete');
    expect(trace.steps.some((step) => step.id === 'mcp.tools-call.request')).toBe(false);
    const translation = trace.steps.find((step) => step.canonical === 11)!;
    expect(translation.payload).toMatchObject({ error: expect.stringContaining('not valid JSON') });
    expect(lastToolMessage().content).toMatch(/^Error \(no tool result\): The arguments for add_numbers are not valid JSON/);
  });
});

describe('a model that sends a string where a number belongs', () => {
  it('sees the server reject it in validation and gets an isError result', async () => {
    const baseUrl = await startScriptedModel('add_numbers', '{"a":"five","b":7}');
    const trace = await createMockRun(server.url, { provider: providerAt(baseUrl), autoRelease: true }).start();
    expect(trace.status).toBe('complete');
    const validation = trace.steps.find((step) => step.id === 'server.validate-arguments')!;
    expect((validation.payload as { params: { message: string } }).params.message).toMatch(/a = "five" ✗ number.*\(rejected\)/);
    expect(trace.steps.some((step) => step.id === 'server.execute')).toBe(false);
    const result = trace.steps.find((step) => step.id === 'mcp.tools-call.response')!;
    expect(result.payload).toMatchObject({ result: { isError: true } });
    expect(lastToolMessage().content).toMatch(/^Error \(isError: true\): Input validation error/);
    const translation = trace.steps.find((step) => step.id === 'host.translate-tool-result')!;
    expect(translation.translation!.warnings).toEqual([expect.objectContaining({ code: 'is-error-in-text' })]);
  });
});
