import { describe, expect, it } from 'vitest';
import { decideMockReply } from './decide-mock-reply.ts';
import type { MockReply, MockTool, MockToolExchange } from './mock-reply.ts';
import { readMockVariant } from './mock-variants.ts';

const twoNumbers = { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] };
const addNumbers: MockTool = { name: 'add_numbers', description: 'Adds two numbers', parameters: twoNumbers };
const multiplyNumbers: MockTool = { name: 'multiply_numbers', description: 'Multiplies two numbers', parameters: twoNumbers };
const units = { type: 'string', enum: ['meters', 'kilometers', 'miles', 'feet'] };
const convertUnits: MockTool = {
  name: 'convert_units',
  parameters: { type: 'object', properties: { value: { type: 'number' }, from: units, to: units }, required: ['value', 'from', 'to'] },
};
const QUESTION = 'What is 5 plus 7?';
const RESULT: MockToolExchange = { name: 'add_numbers', arguments: { a: 5, b: 7 }, output: 'Result: 12', isError: false };

function ask(model: string, exchanges: MockToolExchange[], question = QUESTION, tools = [addNumbers]): MockReply {
  return decideMockReply({ model, question, tools, exchanges });
}

describe('readMockVariant', () => {
  it('selects a variant by its exact name, and the deterministic model for any other name', () => {
    expect(readMockVariant('mock-model-sloppy')).toBe('mock-model-sloppy');
    expect(readMockVariant('gpt-4o-mini')).toBe('mock-model-deterministic');
    expect(readMockVariant(undefined)).toBe('mock-model-deterministic');
  });
});

/** The error each format brings back for the first call, as the endpoints read it into an exchange. */
const firstErrors: Record<string, [string, MockToolExchange][]> = {
  'mock-model-sloppy': [
    [
      'a text format',
      {
        name: 'add_numbers',
        arguments: { a: 'five', b: 7 },
        output: 'Error: Input validation error: Invalid arguments for tool add_numbers: a: expected number, received string',
        isError: true,
      },
    ],
    [
      'a flagged format',
      {
        name: 'add_numbers',
        arguments: { a: 'five', b: 7 },
        output: 'Input validation error: Invalid arguments for tool add_numbers: a: expected number',
        isError: true,
      },
    ],
  ],
  'mock-model-inventive': [
    ['a text format', { name: 'add', arguments: { a: 5, b: 7 }, output: 'Error: MCP error -32602: Tool add not found', isError: true }],
    ['a flagged format', { name: 'add', arguments: { a: 5, b: 7 }, output: 'MCP error -32602: Tool add not found', isError: true }],
  ],
  'mock-model-broken-json': [
    ['a string format', { name: 'add_numbers', arguments: '{"a":5,"b":7', output: 'Error: The arguments for add_numbers are not valid JSON', isError: true }],
    ['an object format', { name: 'add_numbers', arguments: '{"a":5,"b":7', output: 'The input of add_numbers must be a JSON object', isError: true }],
  ],
};

describe('the variants that make one mistake', () => {
  describe.each(Object.entries(firstErrors))('%s', (model, errors) => {
    it('makes its mistake alone on the first call, and says so', () => {
      const reply = ask(model, []);
      expect(reply.type).toBe('tool-calls');
      expect(reply.type === 'tool-calls' && reply.calls).toHaveLength(1);
      expect(reply.reasoning).toContain(`Habit of ${model}`);
    });

    it.each(errors)('reads the error back in %s, calls again correctly, then answers "5 plus 7 is 12."', (_format, error) => {
      const retry = ask(model, [error]);
      expect(retry).toMatchObject({ type: 'tool-calls', calls: [{ name: 'add_numbers', arguments: { a: 5, b: 7 } }] });
      expect(retry.type === 'tool-calls' && retry.calls[0]!.brokenArguments).toBeUndefined();
      expect(retry.reasoning).toContain('came back as an error');
      expect(ask(model, [error, RESULT])).toMatchObject({ type: 'text', text: '5 plus 7 is 12.' });
    });

    it('reports an error on the corrected call instead of trying again', () => {
      const failed = { ...RESULT, output: 'Error: overflow', isError: true };
      expect(ask(model, [errors[0]![1], failed])).toMatchObject({ type: 'text', text: expect.stringContaining('reported an error') });
    });

    it('lines up a chain after the mistake: "(5 plus 7) times 3"', () => {
      const question = '(5 plus 7) times 3';
      const tools = [addNumbers, multiplyNumbers];
      const [, error] = errors[0]!;
      expect(ask(model, [error], question, tools)).toMatchObject({ type: 'tool-calls', calls: [{ name: 'add_numbers', arguments: { a: 5, b: 7 } }] });
      expect(ask(model, [error, RESULT], question, tools)).toMatchObject({
        type: 'tool-calls',
        calls: [{ name: 'multiply_numbers', arguments: { a: 12, b: 3 } }],
      });
      const product = { name: 'multiply_numbers', arguments: { a: 12, b: 3 }, output: 'Result: 36' };
      expect(ask(model, [error, RESULT, product], question, tools)).toMatchObject({ type: 'text', text: '(5 plus 7) times 3 is 36.' });
    });

    it('makes both parallel calls once the mistake is read: "5 plus 7 and 3 times 4"', () => {
      const [, error] = errors[0]!;
      const retry = ask(model, [error], '5 plus 7 and 3 times 4', [addNumbers, multiplyNumbers]);
      expect(retry).toMatchObject({ type: 'tool-calls', calls: [{ name: 'add_numbers' }, { name: 'multiply_numbers', arguments: { a: 3, b: 4 } }] });
    });

    it('answers in words, with no mistake to make, when no tool fits', () => {
      expect(ask(model, [], 'Hello')).toMatchObject({ type: 'text', text: expect.stringContaining('Hello!') });
    });

    it('recovers with any tool too: "Convert 5 kilometers to miles"', () => {
      const question = 'Convert 5 kilometers to miles';
      const first = ask(model, [], question, [convertUnits]);
      if (first.type !== 'tool-calls') throw new Error('expected a call');
      const mistaken = first.calls[0]!;
      const error = { name: mistaken.name, arguments: mistaken.brokenArguments ?? mistaken.arguments, output: 'Error: rejected', isError: true };
      const right = { value: 5, from: 'kilometers', to: 'miles' };
      expect(ask(model, [error], question, [convertUnits])).toMatchObject({ type: 'tool-calls', calls: [{ name: 'convert_units', arguments: right }] });
      const converted = { name: 'convert_units', arguments: right, output: '3.11 miles' };
      expect(ask(model, [error, converted], question, [convertUnits])).toMatchObject({ type: 'text', text: 'The convert_units tool says: 3.11 miles.' });
    });
  });

  describe('mock-model-sloppy', () => {
    it('goes on with the result when a lenient server accepts the word', () => {
      const accepted = { name: 'add_numbers', arguments: { a: 'five', b: 7 }, output: 'Result: 12', isError: false };
      expect(ask('mock-model-sloppy', [accepted])).toMatchObject({ type: 'text', text: '5 plus 7 is 12.' });
    });

    it('calls correctly, and says why, when the call has no number to write as a word', () => {
      const echo: MockTool = { name: 'echo', parameters: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] } };
      const reply = ask('mock-model-sloppy', [], 'Echo "hello world"', [echo]);
      expect(reply).toMatchObject({ type: 'tool-calls', calls: [{ name: 'echo', arguments: { message: 'hello world' } }] });
      expect(reply.reasoning).toContain('no number to spoil');
    });
  });

  it('reports an error that is not about its own mistake', () => {
    const other = { name: 'add_numbers', arguments: { a: 5, b: 7 }, output: 'Error: server down', isError: true };
    expect(ask('mock-model-inventive', [other])).toMatchObject({ type: 'text', text: expect.stringContaining('reported an error') });
  });
});

describe('mock-model-relentless', () => {
  it('starts as the deterministic model', () => {
    expect(ask('mock-model-relentless', [])).toMatchObject({ type: 'tool-calls', calls: [{ name: 'add_numbers', arguments: { a: 5, b: 7 } }] });
  });

  it('keeps adding the result to 7 instead of answering', () => {
    const next = ask('mock-model-relentless', [RESULT]);
    expect(next).toMatchObject({ type: 'tool-calls', calls: [{ name: 'add_numbers', arguments: { a: 12, b: 7 } }] });
    expect(next.reasoning).toContain("host's cap");
    const again = ask('mock-model-relentless', [RESULT, { name: 'add_numbers', arguments: { a: 12, b: 7 }, output: 'Result: 19' }]);
    expect(again).toMatchObject({ type: 'tool-calls', calls: [{ arguments: { a: 19, b: 7 } }] });
  });

  it('calls the same tool again after an error or an output without a number', () => {
    const failed = { ...RESULT, output: 'Error: overflow', isError: true };
    expect(ask('mock-model-relentless', [failed])).toMatchObject({ type: 'tool-calls', calls: [{ name: 'add_numbers', arguments: { a: 5, b: 7 } }] });
    expect(ask('mock-model-relentless', [{ ...RESULT, output: 'twelve' }])).toMatchObject({ type: 'tool-calls', calls: [{ arguments: { a: 5, b: 7 } }] });
  });

  it('answers in words when no tool fits', () => {
    expect(ask('mock-model-relentless', [], 'Hello')).toMatchObject({ type: 'text' });
  });

  it('stops calling a tool that is no longer offered', () => {
    expect(ask('mock-model-relentless', [RESULT], QUESTION, [])).toMatchObject({ type: 'text' });
  });
});

describe('the variants that stop short', () => {
  it('mock-model-refusing refuses at once, before any tool', () => {
    expect(ask('mock-model-refusing', [])).toMatchObject({ type: 'stop', stop: 'refusal', text: expect.stringContaining('can’t help') });
  });

  it('mock-model-cut-off calls the tool, then its answer stops halfway, at a word', () => {
    expect(ask('mock-model-cut-off', [])).toMatchObject({ type: 'tool-calls', calls: [{ name: 'add_numbers', arguments: { a: 5, b: 7 } }] });
    expect(ask('mock-model-cut-off', [RESULT])).toMatchObject({ type: 'stop', stop: 'cut-off', text: '5 plus' });
  });

  it('mock-model-interrupted means the deterministic call, and says so: the endpoint breaks the reply off (its words name what it meant)', () => {
    expect(ask('mock-model-interrupted', [])).toMatchObject({
      type: 'tool-calls',
      calls: [{ name: 'add_numbers', arguments: { a: 5, b: 7 } }],
      reasoning: expect.stringContaining('it meant to call add_numbers(5, 7), but the reply breaks off halfway'),
    });
    expect(ask('mock-model-interrupted', [RESULT])).toMatchObject({ type: 'text', text: '5 plus 7 is 12.' });
  });

  it('mock-model-filtered calls the tool, then the filter withholds the whole answer it wrote', () => {
    expect(ask('mock-model-filtered', [])).toMatchObject({ type: 'tool-calls' });
    expect(ask('mock-model-filtered', [RESULT])).toMatchObject({ type: 'stop', stop: 'content-filter', text: '5 plus 7 is 12.' });
  });
});
