import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { jsonResponse } from '../shared/json-response.ts';
import { createMockEndpoint, MockRequestFault, type MockWire } from './serve-mock-endpoint.ts';

/**
 * The skeleton on its own, with a wire of a few lines: the order of the refusals (each
 * in the wire's envelope), the brain's decision, and what passes through untouched.
 */

const BodySchema = z.looseObject({ question: z.string(), stream: z.boolean().optional(), tools: z.array(z.string()).optional() });
type Body = z.infer<typeof BodySchema>;

const wire: MockWire<Body> = {
  requestSchema: BodySchema,
  describeWrongMethod: (method) => `no ${method} here`,
  invalidJsonMessage: 'not JSON',
  describeSchemaIssue: (issue) => ({ message: `bad ${issue?.path.join('.') ?? 'body'}`, param: 'schema' }),
  writeError: ({ status, message, param }) => jsonResponse(status, { fault: { message, param: param ?? null } }),
  checkRequest: (request) => {
    if (request.headers.get('x-refuse') === 'yes') throw new MockRequestFault('refused by header');
  },
  checkBody: (body) => {
    if (body.question === 'stored') throw new MockRequestFault('no stored state', 'store');
  },
  readConversation: ({ body }) => {
    if (body.question === 'crash') throw new Error('a bug, not a refusal');
    const tools = (body.tools ?? []).map((name) => ({ name, parameters: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } } } }));
    return { model: undefined, question: body.question, tools, exchanges: [] };
  },
  writeAnswer: ({ reply }) => ({ body: { reply }, headers: { 'x-wire': 'toy' }, ...(reply.type === 'text' ? { reasoning: 'reworded' } : {}) }),
  asksForStream: ({ body }) => body.stream === true,
  streamAnswer: ({ answer }) => ({ framing: 'ndjson', frames: [{ data: '{"first":true}' }, { data: JSON.stringify(answer) }] }),
};
const endpoint = createMockEndpoint(wire);
const context = { reach: { fetch: (input: string | URL | Request, init?: RequestInit) => fetch(input, init), servers: 'own' as const } };

function post(body: string, headers: Record<string, string> = {}): Promise<Response> {
  return endpoint.handle(new Request('http://127.0.0.1/toy', { method: 'POST', headers, body }), context);
}

async function expectFault(response: Response, status: number, fault: { message: string; param: string | null }): Promise<void> {
  expect(response.status).toBe(status);
  expect(await response.json()).toEqual({ fault });
}

describe('serveMockEndpoint', () => {
  it('streams the same answer in the wire’s frames when the request asks, headers and reasoning kept', async () => {
    const streamed = await post('{"question":"What is 5 plus 7?","tools":["add_numbers"],"stream":true}');
    expect(streamed.headers.get('content-type')).toBe('application/x-ndjson');
    expect(streamed.headers.get('x-wire')).toBe('toy');
    expect(streamed.headers.get('x-mock-reasoning')).toMatch(/add_numbers/);
    const lines = (await streamed.text()).split('\n');
    expect(lines[0]).toBe('{"first":true}');
    expect(JSON.parse(lines[1]!)).toMatchObject({ reply: { type: 'tool-calls' } });
  });

  it('takes POST alone, and words the 405 as the wire does', async () => {
    expect(endpoint.methods).toEqual(['POST']);
    await expectFault(await endpoint.handle(new Request('http://127.0.0.1/toy', { method: 'PUT' }), context), 405, { message: 'no PUT here', param: null });
  });

  it('refuses in order: the request line and headers, the JSON, the schema, then the body', async () => {
    await expectFault(await post('not json', { 'x-refuse': 'yes' }), 400, { message: 'refused by header', param: null });
    await expectFault(await post('not json'), 400, { message: 'not JSON', param: null });
    await expectFault(await post('{"stream":true}'), 400, { message: 'bad question', param: 'schema' });
    await expectFault(await post('{"question":"stored"}'), 400, { message: 'no stored state', param: 'store' });
  });

  it('lets an error that is no refusal through, so a bug is not dressed as a 400', async () => {
    await expect(post('{"question":"crash"}')).rejects.toThrow('a bug, not a refusal');
  });

  it('answers with the brain’s decision in the wire’s shape, its reasoning in a header unless the wire rewords it', async () => {
    const called = await post('{"question":"What is 5 plus 7?","tools":["add_numbers"]}');
    expect(called.status).toBe(200);
    expect(called.headers.get('x-wire')).toBe('toy');
    expect(called.headers.get('x-mock-reasoning')).toMatch(/add_numbers/);
    expect(await called.json()).toMatchObject({ reply: { type: 'tool-calls', calls: [{ name: 'add_numbers', arguments: { a: 5, b: 7 } }] } });

    const answered = await post('{"question":"Hello"}');
    expect(answered.headers.get('x-mock-reasoning')).toBe('reworded');
    expect(await answered.json()).toMatchObject({ reply: { type: 'text' } });
  });
});
