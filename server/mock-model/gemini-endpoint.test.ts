import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type RunningServer } from '../node/serve.ts';
import { MOCK_MODEL_NAME } from './decide-mock-reply.ts';

/** The mock model over real HTTP, in the Gemini generateContent wire format. */

let server: RunningServer;
let generateUrl: string;
beforeAll(async () => {
  server = await serve({ port: 0 });
  generateUrl = `${server.url}/mock/gemini/v1beta/models/${MOCK_MODEL_NAME}:generateContent`;
});
afterAll(async () => {
  await server.close();
});

const addNumbers = {
  name: 'add_numbers',
  description: 'Adds two numbers',
  parametersJsonSchema: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] },
};
const question = { role: 'user', parts: [{ text: 'What is 5 plus 7?' }] };

type Part = { text?: string; functionCall?: { id?: string; name: string; args: Record<string, unknown> }; thoughtSignature?: string };
type GenerateContentResponse = {
  candidates: { content: { role: string; parts: Part[] }; finishReason: string; index: number }[];
  usageMetadata: { promptTokenCount: number; candidatesTokenCount: number; totalTokenCount: number };
  modelVersion: string;
  responseId: string;
};
type GoogleError = { error: { code: number; message: string; status: string } };

async function post(body: unknown, url = generateUrl): Promise<Response> {
  return fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body) });
}

async function generate(body: unknown): Promise<GenerateContentResponse> {
  const response = await post(body);
  expect(response.status).toBe(200);
  return (await response.json()) as GenerateContentResponse;
}

describe('POST /mock/gemini/v1beta/models/{model}:generateContent', () => {
  describe('a question a function fits', () => {
    it('answers with a functionCall part, args as an object, in the generateContent shape', async () => {
      const response = await post({ contents: [question], tools: [{ functionDeclarations: [addNumbers] }] });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('application/json');
      expect(response.headers.get('x-mock-reasoning')).toContain('add_numbers(5, 7)');
      const body = (await response.json()) as GenerateContentResponse;
      const [candidate] = body.candidates;
      expect(candidate!.finishReason).toBe('STOP');
      expect(candidate!.content.role).toBe('model');
      // As current models answer: no id, and a thought signature the host must echo back.
      expect(candidate!.content.parts).toEqual([
        { functionCall: { name: 'add_numbers', args: { a: 5, b: 7 } }, thoughtSignature: expect.stringMatching(/^[A-Za-z0-9+/]+=*$/) },
      ]);
      expect(body.modelVersion).toBe(MOCK_MODEL_NAME);
      expect(body.usageMetadata.totalTokenCount).toBe(body.usageMetadata.promptTokenCount + body.usageMetadata.candidatesTokenCount);
    });

    it('gives the same thought signature for the same conversation, so lessons replay the same', async () => {
      const body = { contents: [question], tools: [{ functionDeclarations: [addNumbers] }] };
      const first = await generate(body);
      const second = await generate(body);
      expect(second.candidates[0]!.content.parts[0]!.thoughtSignature).toBe(first.candidates[0]!.content.parts[0]!.thoughtSignature);
    });

    it('puts the signature on the first of parallel calls only, as Gemini does', async () => {
      const multiply = { ...addNumbers, name: 'multiply_numbers', description: 'Multiplies two numbers' };
      const ask = { role: 'user', parts: [{ text: 'What is 5 plus 7 and 3 times 4?' }] };
      const parts = (await generate({ contents: [ask], tools: [{ functionDeclarations: [addNumbers, multiply] }] })).candidates[0]!.content.parts;
      expect(parts.map((part) => [part.functionCall?.name, typeof part.thoughtSignature])).toEqual([
        ['add_numbers', 'string'],
        ['multiply_numbers', 'undefined'],
      ]);
    });

    it('reads the older OpenAPI-style "parameters", types in capitals', async () => {
      const declaration = { name: 'add_numbers', parameters: { type: 'OBJECT', properties: { a: { type: 'NUMBER' }, b: { type: 'NUMBER' } } } };
      const body = await generate({ contents: [question], tools: [{ functionDeclarations: [declaration] }] });
      expect(body.candidates[0]!.content.parts[0]!.functionCall).toMatchObject({ name: 'add_numbers', args: { a: 5, b: 7 } });
    });

    it('calls no function when functionCallingConfig.mode is NONE', async () => {
      const body = await generate({
        contents: [question],
        tools: [{ functionDeclarations: [addNumbers] }],
        toolConfig: { functionCallingConfig: { mode: 'NONE' } },
      });
      expect(body.candidates[0]!.content.parts[0]!.text).toContain('none of the tools');
    });
  });

  describe('after the function responses', () => {
    it('answers in words from the output, paired with the call by id', async () => {
      const modelTurn = { role: 'model', parts: [{ functionCall: { id: 'call_1', name: 'add_numbers', args: { a: 5, b: 7 } }, thoughtSignature: 'c2ln' }] };
      const answer = { role: 'user', parts: [{ functionResponse: { id: 'call_1', name: 'add_numbers', response: { output: 'Result: 12' } } }] };
      const body = await generate({ contents: [question, modelTurn, answer], tools: [{ functionDeclarations: [addNumbers] }] });
      expect(body.candidates[0]!.content).toEqual({ role: 'model', parts: [{ text: '5 plus 7 is 12.' }] });
    });

    it('pairs by name when the calls have no id, and reads response.error as a failure', async () => {
      const modelTurn = { role: 'model', parts: [{ functionCall: { name: 'add_numbers', args: { a: 5, b: 7 } }, thoughtSignature: 'c2ln' }] };
      const answer = { role: 'user', parts: [{ functionResponse: { name: 'add_numbers', response: { error: 'overflow' } } }] };
      const body = await generate({ contents: [question, modelTurn, answer], tools: [{ functionDeclarations: [addNumbers] }] });
      expect(body.candidates[0]!.content.parts[0]!.text).toBe('The add_numbers tool reported an error, so I cannot give the result: overflow');
    });

    it('asks for the next calls when a question needs two rounds', async () => {
      const multiply = { ...addNumbers, name: 'multiply_numbers', description: 'Multiplies two numbers' };
      const ask = { role: 'user', parts: [{ text: 'What is (2 plus 3) times 4?' }] };
      const modelTurn = { role: 'model', parts: [{ functionCall: { name: 'add_numbers', args: { a: 2, b: 3 } }, thoughtSignature: 'c2ln' }] };
      const answer = { role: 'user', parts: [{ functionResponse: { name: 'add_numbers', response: { output: 'Result: 5' } } }] };
      const body = await generate({ contents: [ask, modelTurn, answer], tools: [{ functionDeclarations: [addNumbers, multiply] }] });
      expect(body.candidates[0]!.content.parts[0]!.functionCall).toMatchObject({ name: 'multiply_numbers', args: { a: 5, b: 4 } });
    });
  });

  describe("requests it refuses, in Google's error shape", () => {
    async function expectError(response: Response, code: number, text: RegExp) {
      expect(response.status).toBe(code);
      const body = (await response.json()) as GoogleError;
      expect(body.error.code).toBe(code);
      expect(body.error.status).toMatch(/^[A-Z_]+$/);
      expect(body.error.message).toMatch(text);
    }

    it('refuses a body that is not JSON', async () => {
      await expectError(await post('{"contents": ['), 400, /Invalid JSON payload/);
    });

    it('refuses a request without contents, naming the field', async () => {
      await expectError(await post({ tools: [] }), 400, /contents/);
    });

    it('refuses a content with no parts', async () => {
      await expectError(await post({ contents: [{ role: 'user', parts: [] }] }), 400, /contents\.0\.parts/);
    });

    it('refuses a stream asked for without alt=sse, saying how to ask', async () => {
      const url = `${server.url}/mock/gemini/v1beta/models/${MOCK_MODEL_NAME}:streamGenerateContent`;
      await expectError(await post({ contents: [question] }, url), 400, /alt=sse/);
    });

    it('refuses a model turn echoed without the thought signature of its first call, as Gemini 3 does', async () => {
      const modelTurn = { role: 'model', parts: [{ functionCall: { name: 'add_numbers', args: { a: 5, b: 7 } } }] };
      const answer = { role: 'user', parts: [{ functionResponse: { name: 'add_numbers', response: { output: 'Result: 12' } } }] };
      await expectError(
        await post({ contents: [question, modelTurn, answer], tools: [{ functionDeclarations: [addNumbers] }] }),
        400,
        /missing a thought_signature.*add_numbers/,
      );
    });

    it('refuses GET', async () => {
      await expectError(await fetch(generateUrl), 405, /Use POST/);
    });
  });
});
