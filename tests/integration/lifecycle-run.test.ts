import { beforeAll, describe, expect, it } from 'vitest';
import { TraceSchema, type Step, type Trace } from '../../src/trace/trace.ts';
import { createMockRun, findCanonicalStep } from '../helpers/create-mock-run.ts';
import { useServer } from '../helpers/use-server.ts';

/**
 * The host engine in Node, against the real server over HTTP, in both protocol eras:
 * every canonical step happens once, in order, carrying what really crossed the wire.
 */

const server = useServer();

type JsonRpc = { method?: string; params?: Record<string, unknown> & { message?: string; arguments?: unknown }; result?: Record<string, unknown> };

function messageOf(step: Step): JsonRpc {
  return step.payload as JsonRpc;
}

describe.each(['2025-11-25', '2026-07-28'] as const)('a full run of "What is 5 plus 7?" in the %s era', (era) => {
  let trace: Trace;
  beforeAll(async () => {
    trace = await createMockRun(server.url, { era, autoRelease: true }).start();
  });

  describe('the run as a whole', () => {
    it('completes with the answer', () => {
      expect(trace.status).toBe('complete');
      expect(trace.answer).toBe('5 plus 7 is 12.');
      expect(trace.question).toBe('What is 5 plus 7?');
    });

    it('is a valid trace, as an export or the CLI would carry it', () => {
      const parsed = TraceSchema.safeParse(JSON.parse(JSON.stringify(trace)));
      expect(parsed.success, parsed.success ? '' : JSON.stringify(parsed.error.issues.slice(0, 3))).toBe(true);
    });

    it('records the era, the protocol version agreed and the model', () => {
      expect(trace.mcp).toEqual({ url: `${server.url}/mcp`, era, protocolVersion: era });
      expect(trace.model).toEqual({ wire: 'openai-chat', kind: 'mock', name: 'mock-model-deterministic' });
    });

    it('numbers the steps 1..n with times that never go back', () => {
      expect(trace.steps.map((step) => step.n)).toEqual(trace.steps.map((_step, index) => index + 1));
      const times = trace.steps.map((step) => step.at);
      expect(times).toEqual([...times].sort((left, right) => left - right));
    });

    it('has every canonical step 1..20 exactly once, in order, all in the first round', () => {
      const canonical = trace.steps.filter((step) => step.canonical !== null);
      expect(canonical.map((step) => step.canonical)).toEqual(Array.from({ length: 20 }, (_unused, index) => index + 1));
      expect(canonical.every((step) => step.iteration === 1)).toBe(true);
    });

    it('puts each canonical step in its phase', () => {
      const phaseOf = (canonical: number) => findCanonicalStep(trace, canonical).phase;
      expect([1, 2, 3, 4, 5, 6].map(phaseOf)).toEqual(Array(6).fill('discovery'));
      expect([7, 8, 9, 10].map(phaseOf)).toEqual(Array(4).fill('decision'));
      expect([11, 12, 13, 14, 15, 16, 17].map(phaseOf)).toEqual(Array(7).fill('execution'));
      expect([18, 19, 20].map(phaseOf)).toEqual(Array(3).fill('response'));
    });

    it('has no fault step', () => {
      expect(trace.steps.some((step) => step.id === 'host.fault' || step.fault)).toBe(false);
    });
  });

  describe('discovery', () => {
    it('step 1 carries the question and step 2 the server to connect to', () => {
      expect(findCanonicalStep(trace, 1).payload).toEqual({ question: 'What is 5 plus 7?' });
      expect(findCanonicalStep(trace, 2).payload).toMatchObject({ server: `${server.url}/mcp`, era });
    });

    it('step 3 is the tools/list request as sent over HTTP', () => {
      const step = findCanonicalStep(trace, 3);
      expect(step).toMatchObject({ id: 'mcp.tools-list.request', from: 'client', to: 'server' });
      expect(messageOf(step).method).toBe('tools/list');
      expect(step.http).toMatchObject({ method: 'POST', url: `${server.url}/mcp`, status: 200 });
      expect(JSON.parse(step.http!.requestBody!)).toMatchObject({ jsonrpc: '2.0', method: 'tools/list' });
    });

    it("step 4 is the server's own registry report, a notifications/progress", () => {
      const message = messageOf(findCanonicalStep(trace, 4));
      expect(message.method).toBe('notifications/progress');
      expect(message.params?.message).toContain('Registry read: 1 tool (add_numbers)');
    });

    it('step 5 lists add_numbers with its input schema', () => {
      const tools = (messageOf(findCanonicalStep(trace, 5)).result as { tools: { name: string; inputSchema: unknown }[] }).tools;
      expect(tools.map((tool) => tool.name)).toEqual(['add_numbers']);
      expect(tools[0]!.inputSchema).toMatchObject({ type: 'object', required: ['a', 'b'] });
    });

    it('steps 4 and 5 came in the same SSE response, frame by frame', () => {
      const sse = findCanonicalStep(trace, 5).http!.sse!;
      expect(sse).toHaveLength(2);
      expect(JSON.parse(sse[0]!.data).method).toBe('notifications/progress');
      expect(JSON.parse(sse[1]!.data).result.tools[0].name).toBe('add_numbers');
    });

    it('step 6 hands the same tools to the host', () => {
      expect(findCanonicalStep(trace, 6).payload).toMatchObject({ tools: [{ name: 'add_numbers' }] });
    });
  });

  describe('decision', () => {
    it('step 7 is translation #1 with its input and output', () => {
      const step = findCanonicalStep(trace, 7);
      expect(step.translation).toMatchObject({ number: 1, warnings: [] });
      expect(step.translation!.output).toEqual([expect.objectContaining({ type: 'function', function: expect.objectContaining({ name: 'add_numbers' }) })]);
    });

    it('step 8 sent the question and tools[0].function.name add_numbers to the model', () => {
      const step = findCanonicalStep(trace, 8);
      expect(step.http).toMatchObject({ method: 'POST', url: `${server.url}/mock/openai/v1/chat/completions`, status: 200 });
      const body = JSON.parse(step.http!.requestBody!) as { messages: unknown[]; tools: { function: { name: string } }[] };
      expect(body.tools[0]!.function.name).toBe('add_numbers');
      expect(body.messages).toEqual([{ role: 'user', content: 'What is 5 plus 7?' }]);
      expect(step.payload).toEqual(body);
    });

    it("steps 9 and 10 are the model's tool call, as it answered", () => {
      const decide = findCanonicalStep(trace, 9);
      expect(decide.payload).toEqual([expect.objectContaining({ function: { name: 'add_numbers', arguments: '{"a":5,"b":7}' } })]);
      expect(decide.note).toContain('add_numbers(5, 7)');
      const reply = findCanonicalStep(trace, 10);
      expect(reply.payload).toMatchObject({ choices: [{ finish_reason: 'tool_calls' }] });
      expect(JSON.parse(reply.http!.responseBody!)).toEqual(reply.payload);
    });
  });

  describe('execution', () => {
    it('step 11 is translation #2: the JSON string parsed into an object', () => {
      const step = findCanonicalStep(trace, 11);
      expect(step.payload).toEqual({ name: 'add_numbers', arguments: { a: 5, b: 7 } });
      expect(step.translation).toMatchObject({ number: 2 });
    });

    it('step 12 is the tools/call request with arguments {a: 5, b: 7}', () => {
      const step = findCanonicalStep(trace, 12);
      const message = messageOf(step);
      expect(message.method).toBe('tools/call');
      expect(message.params).toMatchObject({ name: 'add_numbers', arguments: { a: 5, b: 7 } });
      expect(JSON.parse(step.http!.requestBody!).params.arguments).toEqual({ a: 5, b: 7 });
    });

    it("steps 13 to 15 are the server's own progress notifications: lookup, validation, execution", () => {
      const messages = [13, 14, 15].map((canonical) => messageOf(findCanonicalStep(trace, canonical)));
      expect(messages.map((message) => message.method)).toEqual(Array(3).fill('notifications/progress'));
      expect(messages[0]!.params?.message).toBe('Registry lookup: found add_numbers.');
      expect(messages[1]!.params?.message).toContain('a = 5 ✓ number');
      expect(messages[1]!.params?.message).toContain('b = 7 ✓ number');
      expect(messages[2]!.params?.message).toContain('returned 12');
    });

    it('step 16 is the result "Result: 12", the last of four SSE frames', () => {
      const step = findCanonicalStep(trace, 16);
      expect(messageOf(step).result).toMatchObject({ content: [{ type: 'text', text: 'Result: 12' }] });
      expect(step.http!.sse).toHaveLength(4);
    });

    it('step 17 hands the result to the host', () => {
      expect(findCanonicalStep(trace, 17).payload).toMatchObject({ content: [{ type: 'text', text: 'Result: 12' }] });
    });
  });

  describe('response', () => {
    it('step 18 is translation #3, sent with a role:"tool" message "Result: 12"', () => {
      const step = findCanonicalStep(trace, 18);
      expect(step.translation).toMatchObject({ number: 3 });
      const body = JSON.parse(step.http!.requestBody!) as {
        messages: { role: string; content: unknown; tool_call_id?: string; tool_calls?: { id: string }[] }[];
      };
      const toolMessage = body.messages.find((message) => message.role === 'tool');
      expect(toolMessage).toMatchObject({ content: 'Result: 12', tool_call_id: expect.stringMatching(/^call_/) });
      const assistant = body.messages.find((message) => message.role === 'assistant');
      expect(assistant?.tool_calls?.[0]?.id).toBe(toolMessage!.tool_call_id);
    });

    it("step 19 is the model's answer and step 20 shows it to the user", () => {
      expect(findCanonicalStep(trace, 19).payload).toMatchObject({ choices: [{ message: { content: '5 plus 7 is 12.' }, finish_reason: 'stop' }] });
      expect(findCanonicalStep(trace, 20).payload).toEqual({ answer: '5 plus 7 is 12.' });
    });
  });

  describe('the handshake of the era', () => {
    function handshakeIds(): string[] {
      const toolsList = trace.steps.indexOf(findCanonicalStep(trace, 3));
      return trace.steps
        .slice(0, toolsList)
        .filter((step) => step.canonical === null)
        .map((step) => step.id);
    }

    if (era === '2025-11-25') {
      it('sends initialize, gets its answer and sends notifications/initialized before tools/list', () => {
        expect(handshakeIds().slice(0, 3)).toEqual(['mcp.initialize.request', 'mcp.initialize.response', 'mcp.initialized.notification']);
        const initialize = trace.steps.find((step) => step.id === 'mcp.initialize.request')!;
        expect(messageOf(initialize)).toMatchObject({ method: 'initialize', params: { protocolVersion: '2025-11-25' } });
        const initialized = trace.steps.find((step) => step.id === 'mcp.initialized.notification')!;
        expect(messageOf(initialized).method).toBe('notifications/initialized');
        expect(initialized.http!.status).toBe(202);
      });

      it('never sends server/discover', () => {
        expect(trace.steps.some((step) => step.id.startsWith('mcp.discover'))).toBe(false);
      });
    } else {
      it('sends server/discover, with an Mcp-Method header, and no initialize', () => {
        expect(handshakeIds()).toEqual(['mcp.discover.request', 'mcp.discover.response']);
        const discover = trace.steps.find((step) => step.id === 'mcp.discover.request')!;
        expect(messageOf(discover).method).toBe('server/discover');
        expect(discover.http!.requestHeaders['mcp-method']).toBe('server/discover');
        expect(trace.steps.some((step) => step.id.startsWith('mcp.initialize'))).toBe(false);
      });

      it('names the method and the tool in headers on tools/call', () => {
        const headers = findCanonicalStep(trace, 12).http!.requestHeaders;
        expect(headers['mcp-method']).toBe('tools/call');
        expect(headers['mcp-name']).toBe('add_numbers');
      });
    }
  });
});

describe('a run with two tool rounds', () => {
  it('repeats steps 9 to 18 in iteration 2 for "What is 5 plus 7 plus 1?"', async () => {
    const trace = await createMockRun(server.url, { question: 'What is 5 plus 7 plus 1?', autoRelease: true }).start();
    expect(trace.status).toBe('complete');
    expect(trace.answer).toBe('(5 plus 7) plus 1 is 13.');
    const second = trace.steps.filter((step) => step.iteration === 2 && step.canonical !== null).map((step) => step.canonical);
    expect(second).toEqual([9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
    const calls = trace.steps.filter((step) => step.id === 'mcp.tools-call.request').map((step) => messageOf(step).params?.arguments);
    expect(calls).toEqual([
      { a: 5, b: 7 },
      { a: 12, b: 1 },
    ]);
  });

  it('stops the loop with a fault after too many rounds', async () => {
    const trace = await createMockRun(server.url, { question: '1 plus 2 plus 3 plus 4', maxToolRounds: 2, autoRelease: true }).start();
    expect(trace.status).toBe('failed');
    expect(trace.steps.at(-1)!.fault!.what).toContain('after 2 rounds');
  });
});

describe('a question no tool fits', () => {
  it("goes from the model's first answer straight to the user, with no tools/call", async () => {
    const trace = await createMockRun(server.url, { question: 'What is 5 times 7?', autoRelease: true }).start();
    expect(trace.status).toBe('complete');
    expect(trace.answer).toContain('none of the tools offered is for multiplying');
    expect(trace.steps.some((step) => step.id === 'mcp.tools-call.request')).toBe(false);
    expect(trace.steps.at(-1)!.id).toBe('host.answer');
  });
});
