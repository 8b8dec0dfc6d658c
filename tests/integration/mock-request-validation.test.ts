import { describe, expect, it } from 'vitest';
import { MOCK_MODEL_NAME } from '../../src/trace/mock-models.ts';
import { useServer } from '../helpers/use-server.ts';

/**
 * The mock refuses, over HTTP and in each provider's error envelope, what the real API
 * refuses in tools: a name outside the provider's pattern, and, for OpenAI, a tool marked
 * strict whose schema is outside the strict subset; so a request edited at the gate gets
 * the error the provider would give.
 */

const server = useServer();
const question = 'What is 5 plus 7?';
const loose = { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a'] };

async function post(path: string, body: unknown): Promise<{ status: number; body: { error: { message: string; param?: string | null; status?: string } } }> {
  const response = await fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as { error: { message: string; param?: string | null; status?: string } } };
}

describe('the mock checks tools as the providers do', () => {
  it('Chat Completions: refuses a name with a dot, naming the parameter', async () => {
    const tools = [{ type: 'function', function: { name: 'math.add', parameters: loose } }];
    const answer = await post('/mock/openai/v1/chat/completions', { model: MOCK_MODEL_NAME, messages: [{ role: 'user', content: question }], tools });
    expect(answer).toMatchObject({
      status: 400,
      body: { error: { param: 'tools[0].function.name', message: expect.stringContaining('does not match pattern') } },
    });
  });

  it('Chat Completions: refuses strict: true with an optional property, and takes strict: false', async () => {
    const strict = [{ type: 'function', function: { name: 'add_numbers', parameters: loose, strict: true } }];
    const refused = await post('/mock/openai/v1/chat/completions', { model: MOCK_MODEL_NAME, messages: [{ role: 'user', content: question }], tools: strict });
    expect(refused).toMatchObject({
      status: 400,
      body: { error: { param: 'tools[0].function.parameters', message: expect.stringContaining("Invalid schema for function 'add_numbers'") } },
    });
    const notStrict = [{ type: 'function', function: { name: 'add_numbers', parameters: loose, strict: false } }];
    expect(
      (await post('/mock/openai/v1/chat/completions', { model: MOCK_MODEL_NAME, messages: [{ role: 'user', content: question }], tools: notStrict })).status,
    ).toBe(200);
  });

  it('legacy functions: refuses a name over 64 characters', async () => {
    const functions = [{ name: 'f'.repeat(70), parameters: loose }];
    const answer = await post('/mock/openai-functions/v1/chat/completions', {
      model: MOCK_MODEL_NAME,
      messages: [{ role: 'user', content: question }],
      functions,
    });
    expect(answer).toMatchObject({ status: 400, body: { error: { param: 'functions[0].name', message: expect.stringContaining('maximum length 64') } } });
  });

  it('Responses: refuses a strict tool whose object is open', async () => {
    const tools = [{ type: 'function', name: 'add_numbers', parameters: { ...loose, required: ['a', 'b'] }, strict: true }];
    const answer = await post('/mock/openai-responses/v1/responses', { model: MOCK_MODEL_NAME, input: question, tools });
    expect(answer).toMatchObject({
      status: 400,
      body: { error: { param: 'tools[0].parameters', message: expect.stringContaining("'additionalProperties' is required") } },
    });
  });

  it('Gemini: refuses a name that starts with a digit, and takes one of 128 characters', async () => {
    const path = `/mock/gemini/v1beta/models/${MOCK_MODEL_NAME}:generateContent`;
    const contents = [{ role: 'user', parts: [{ text: question }] }];
    const refused = await post(path, { contents, tools: [{ functionDeclarations: [{ name: '2add', parametersJsonSchema: loose }] }] });
    expect(refused).toMatchObject({ status: 400, body: { error: { status: 'INVALID_ARGUMENT', message: expect.stringContaining('Invalid function name') } } });
    const long = await post(path, { contents, tools: [{ functionDeclarations: [{ name: `a${'d'.repeat(127)}`, parametersJsonSchema: loose }] }] });
    expect(long.status).toBe(200);
  });
});
