import { describe, expect, it } from 'vitest';
import type { Step } from '../../src/trace/trace.ts';
import { addNumbers } from '../../server/mcp/tools-by-endpoint.ts';
import { createMockRun } from '../helpers/create-mock-run.ts';
import { MULTIPLY_NUMBERS_TOOL } from '../helpers/fixtures.ts';
import { useServer } from '../helpers/use-server.ts';

/** Two tools on the real server: parallel calls in one round, and a chain over two rounds. */

const server = useServer({ tools: [addNumbers, MULTIPLY_NUMBERS_TOOL] });

function toolCalls(steps: Step[]): { iteration: number; name: unknown; arguments: unknown }[] {
  return steps
    .filter((step) => step.id === 'mcp.tools-call.request')
    .map((step) => {
      const params = (step.payload as { params: { name: unknown; arguments: unknown } }).params;
      return { iteration: step.iteration, name: params.name, arguments: params.arguments };
    });
}

describe('two calculations in one question', () => {
  it('makes both tools/calls in the same round and sends both results back together', async () => {
    const trace = await createMockRun(server.url, { question: '5 plus 7 and 3 times 4', autoRelease: true }).start();
    expect(trace.status).toBe('complete');
    expect(trace.answer).toBe('5 plus 7 is 12, and 3 times 4 is 12.');
    expect(toolCalls(trace.steps)).toEqual([
      { iteration: 1, name: 'add_numbers', arguments: { a: 5, b: 7 } },
      { iteration: 1, name: 'multiply_numbers', arguments: { a: 3, b: 4 } },
    ]);
    const modelCalls = trace.steps.filter((step) => step.id === 'provider.response.tool-calls');
    expect(modelCalls).toHaveLength(1);

    const resultRequest = trace.steps.find((step) => step.id === 'host.translate-tool-result')!;
    const body = JSON.parse(resultRequest.http!.requestBody!) as {
      messages: { role: string; content: unknown; tool_call_id?: string; tool_calls?: { id: string }[] }[];
    };
    const callIds = body.messages.find((message) => message.role === 'assistant')!.tool_calls!.map((call) => call.id);
    const toolMessages = body.messages.filter((message) => message.role === 'tool');
    expect(toolMessages.map((message) => message.tool_call_id)).toEqual(callIds);
    expect(toolMessages.map((message) => message.content)).toEqual(['Result: 12', 'Result: 12']);
    expect(new Set(callIds).size).toBe(2);
  });
});

describe('a chained calculation', () => {
  it('calls add_numbers in round 1 and multiply_numbers with its result in round 2', async () => {
    const trace = await createMockRun(server.url, { question: '(5 plus 7) times 3', autoRelease: true }).start();
    expect(trace.status).toBe('complete');
    expect(trace.answer).toBe('(5 plus 7) times 3 is 36.');
    expect(toolCalls(trace.steps)).toEqual([
      { iteration: 1, name: 'add_numbers', arguments: { a: 5, b: 7 } },
      { iteration: 2, name: 'multiply_numbers', arguments: { a: 12, b: 3 } },
    ]);
  });

  it('offers both tools to the model in translation #1', async () => {
    const trace = await createMockRun(server.url, { question: '(5 plus 7) times 3', autoRelease: true }).start();
    const request = trace.steps.find((step) => step.canonical === 8)!;
    const tools = (JSON.parse(request.http!.requestBody!) as { tools: { function: { name: string } }[] }).tools;
    expect(tools.map((tool) => tool.function.name)).toEqual(['add_numbers', 'multiply_numbers']);
  });
});
