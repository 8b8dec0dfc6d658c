import { describe, expect, it } from 'vitest';
import { decideMockReply, type MockTool, type MockToolExchange } from './decide-mock-reply.ts';

const twoNumbers = {
  type: 'object',
  properties: { a: { type: 'number' }, b: { type: 'number' } },
  required: ['a', 'b'],
};
const addNumbers: MockTool = { name: 'add_numbers', description: 'Adds two numbers', parameters: twoNumbers };
const multiplyNumbers: MockTool = { name: 'multiply_numbers', description: 'Multiplies two numbers', parameters: twoNumbers };

function exchange(name: string, argumentsGiven: Record<string, unknown>, output: string, isError = false): MockToolExchange {
  return { name, arguments: argumentsGiven, output, isError };
}

describe('decideMockReply', () => {
  describe('the lesson: "What is 5 plus 7?" with add_numbers', () => {
    it('asks for add_numbers(5, 7) first', () => {
      const reply = decideMockReply({ question: 'What is 5 plus 7?', tools: [addNumbers], exchanges: [] });
      expect(reply).toMatchObject({ type: 'tool-calls', calls: [{ name: 'add_numbers', arguments: { a: 5, b: 7 } }] });
      expect(reply.reasoning).toContain('add_numbers(5, 7)');
    });

    it('answers in words once the tool said "Result: 12"', () => {
      const reply = decideMockReply({
        question: 'What is 5 plus 7?',
        tools: [addNumbers],
        exchanges: [exchange('add_numbers', { a: 5, b: 7 }, 'Result: 12')],
      });
      expect(reply).toEqual({ type: 'text', text: '5 plus 7 is 12.', reasoning: expect.any(String) });
    });

    it("reads the reference everything server's get-sum, whose sentence repeats the inputs first", () => {
      // get-sum's definition and result text as @modelcontextprotocol/server-everything 2026.8.31 writes them.
      const getSum: MockTool = { name: 'get-sum', description: 'Returns the sum of two numbers', parameters: twoNumbers };
      const first = decideMockReply({ question: 'What is 5 plus 7?', tools: [getSum], exchanges: [] });
      expect(first).toMatchObject({ type: 'tool-calls', calls: [{ name: 'get-sum', arguments: { a: 5, b: 7 } }] });
      const reply = decideMockReply({
        question: 'What is 5 plus 7?',
        tools: [getSum],
        exchanges: [exchange('get-sum', { a: 5, b: 7 }, 'The sum of 5 and 7 is 12.')],
      });
      expect(reply).toMatchObject({ type: 'text', text: '5 plus 7 is 12.' });
    });

    it("reads each step of a longer calculation knowing that call's inputs", () => {
      const reply = decideMockReply({
        question: 'What is (5 plus 7) times 3?',
        tools: [addNumbers, multiplyNumbers],
        exchanges: [
          exchange('add_numbers', { a: 5, b: 7 }, 'The sum of 5 and 7 is 12.'),
          exchange('multiply_numbers', { a: 12, b: 3 }, '{"a":12,"b":3,"product":36}'),
        ],
      });
      expect(reply).toMatchObject({ type: 'text', text: '(5 plus 7) times 3 is 36.' });
    });

    it('uses the number the tool returned, not its own arithmetic', () => {
      const reply = decideMockReply({
        question: 'What is 5 plus 7?',
        tools: [addNumbers],
        exchanges: [exchange('add_numbers', { a: 5, b: 7 }, 'Result: 13')],
      });
      expect(reply).toMatchObject({ type: 'text', text: '5 plus 7 is 13.' });
    });

    it('quotes a tool output that holds no number', () => {
      const reply = decideMockReply({
        question: 'What is 5 plus 7?',
        tools: [addNumbers],
        exchanges: [exchange('add_numbers', { a: 5, b: 7 }, 'twelve')],
      });
      expect(reply).toMatchObject({ type: 'text', text: 'The tool said “twelve” for 5 plus 7.' });
    });

    it.each(['5+7', "what's 5 + 7", 'add 5 and 7', 'add 5 to 7', 'sum of 5 and 7', 'five plus seven'])('calls add_numbers(5, 7) for %j', (question) => {
      const reply = decideMockReply({ question, tools: [addNumbers], exchanges: [] });
      expect(reply).toMatchObject({ type: 'tool-calls', calls: [{ name: 'add_numbers', arguments: { a: 5, b: 7 } }] });
    });

    it('passes negative and decimal operands through as numbers', () => {
      const reply = decideMockReply({ question: 'the sum of 2.5 and -1', tools: [addNumbers], exchanges: [] });
      expect(reply).toMatchObject({ type: 'tool-calls', calls: [{ arguments: { a: 2.5, b: -1 } }] });
      const answer = decideMockReply({
        question: 'the sum of 2.5 and -1',
        tools: [addNumbers],
        exchanges: [exchange('add_numbers', { a: 2.5, b: -1 }, 'Result: 1.5')],
      });
      expect(answer).toMatchObject({ type: 'text', text: '2.5 plus -1 is 1.5.' });
    });
  });

  describe('questions no tool fits', () => {
    it('greets and names the tools it was offered when there is no calculation', () => {
      const reply = decideMockReply({ question: 'Hello', tools: [addNumbers], exchanges: [] });
      expect(reply.type).toBe('text');
      if (reply.type !== 'text') return;
      expect(reply.text).toContain('add_numbers');
      expect(reply.text).toContain('What is 5 plus 7?');
    });

    it('says when it was offered no tools at all', () => {
      const reply = decideMockReply({ question: 'Hello', tools: [], exchanges: [] });
      expect(reply).toMatchObject({ type: 'text', text: expect.stringContaining('no tools') });
    });

    it('answers in words, without a tool call, when only add_numbers is offered for a multiplication', () => {
      const reply = decideMockReply({ question: 'What is 5 times 7?', tools: [addNumbers], exchanges: [] });
      expect(reply.type).toBe('text');
      if (reply.type !== 'text') return;
      expect(reply.text).toContain('5 times 7');
      expect(reply.text).toContain('multiplying');
      expect(reply.text).not.toContain('35');
    });

    it('does not call a tool for 5 plus 7 when none is offered', () => {
      const reply = decideMockReply({ question: 'What is 5 plus 7?', tools: [], exchanges: [] });
      expect(reply).toMatchObject({ type: 'text', text: expect.stringContaining('adding') });
    });

    it('refuses a mixed calculation when one of its operations has no tool, before calling any', () => {
      const reply = decideMockReply({ question: '(5 plus 7) times 3', tools: [addNumbers], exchanges: [] });
      expect(reply.type).toBe('text');
    });
  });

  describe('tool errors', () => {
    it('explains the error in words instead of answering', () => {
      const reply = decideMockReply({
        question: 'What is 5 plus 7?',
        tools: [addNumbers],
        exchanges: [exchange('add_numbers', { a: 5, b: 7 }, 'Error (isError: true): Input validation error: a: expected number', true)],
      });
      expect(reply.type).toBe('text');
      if (reply.type !== 'text') return;
      expect(reply.text).toBe('The add_numbers tool reported an error, so I cannot give the result: Input validation error: a: expected number');
    });

    it('reports "7 divided by 0" failing in divide_numbers honestly, without trying again', () => {
      const divideNumbers: MockTool = { name: 'divide_numbers', description: 'Divides a by b', parameters: twoNumbers };
      const question = 'What is 7 divided by 0?';
      expect(decideMockReply({ question, tools: [divideNumbers], exchanges: [] })).toMatchObject({
        type: 'tool-calls',
        calls: [{ name: 'divide_numbers', arguments: { a: 7, b: 0 } }],
      });
      const reply = decideMockReply({
        question,
        tools: [divideNumbers],
        exchanges: [exchange('divide_numbers', { a: 7, b: 0 }, 'Tool divide_numbers failed: Cannot divide by zero', true)],
      });
      expect(reply).toMatchObject({
        type: 'text',
        text: 'The divide_numbers tool reported an error, so I cannot give the result: Tool divide_numbers failed: Cannot divide by zero',
      });
    });
  });

  describe("any MCP server: a tool the question's words fit", () => {
    const mathPower: MockTool = {
      name: 'math_power',
      description: 'Raises a base to an exponent',
      parameters: { type: 'object', properties: { base: { type: 'number' }, exponent: { type: 'number' } }, required: ['base', 'exponent'] },
    };
    const calculate: MockTool = { name: 'calculate', parameters: { type: 'object', properties: { expression: { type: 'string' } }, required: ['expression'] } };

    it('calls math_power (the provider-side name of math.power) for "What is 2 to the power of 10?", then answers', () => {
      const question = 'What is 2 to the power of 10?';
      expect(decideMockReply({ question, tools: [addNumbers, mathPower], exchanges: [] })).toMatchObject({
        type: 'tool-calls',
        calls: [{ name: 'math_power', arguments: { base: 2, exponent: 10 } }],
      });
      const answer = decideMockReply({ question, tools: [addNumbers, mathPower], exchanges: [exchange('math_power', { base: 2, exponent: 10 }, '1024')] });
      expect(answer).toMatchObject({ type: 'text', text: 'The math_power tool says: 1024.' });
    });

    it('keeps arithmetic with the tool named for the operation', () => {
      expect(decideMockReply({ question: 'What is 5 plus 7?', tools: [calculate, addNumbers], exchanges: [] })).toMatchObject({
        calls: [{ name: 'add_numbers' }],
      });
    });

    it('falls back to a tool whose words fit when no tool is named for the operation', () => {
      const reply = decideMockReply({ question: 'Calculate 5 times 7', tools: [addNumbers, calculate], exchanges: [] });
      expect(reply).toMatchObject({ type: 'tool-calls', calls: [{ name: 'calculate', arguments: { expression: '5 times 7' } }] });
    });

    it('greets, saying how it picks tools, when no tool fits', () => {
      const reply = decideMockReply({ question: 'What is the weather in Paris?', tools: [addNumbers, mathPower], exchanges: [] });
      expect(reply).toMatchObject({ type: 'text', text: expect.stringContaining('uses the words of the question') });
    });
  });

  describe('chained and parallel calculations', () => {
    const tools = [addNumbers, multiplyNumbers];

    it('makes one call per round for "(5 plus 7) times 3", feeding the first result into the second call', () => {
      const question = '(5 plus 7) times 3';
      const first = decideMockReply({ question, tools, exchanges: [] });
      expect(first).toMatchObject({ type: 'tool-calls', calls: [{ name: 'add_numbers', arguments: { a: 5, b: 7 } }] });
      expect(first.type === 'tool-calls' && first.calls).toHaveLength(1);

      const second = decideMockReply({ question, tools, exchanges: [exchange('add_numbers', { a: 5, b: 7 }, 'Result: 12')] });
      expect(second).toMatchObject({ type: 'tool-calls', calls: [{ name: 'multiply_numbers', arguments: { a: 12, b: 3 } }] });
      expect(second.type === 'tool-calls' && second.calls).toHaveLength(1);

      const third = decideMockReply({
        question,
        tools,
        exchanges: [exchange('add_numbers', { a: 5, b: 7 }, 'Result: 12'), exchange('multiply_numbers', { a: 12, b: 3 }, 'Result: 36')],
      });
      expect(third).toMatchObject({ type: 'text', text: '(5 plus 7) times 3 is 36.' });
    });

    it('makes both calls in one round for "5 plus 7 and 3 times 4", then answers both', () => {
      const question = '5 plus 7 and 3 times 4';
      const first = decideMockReply({ question, tools, exchanges: [] });
      expect(first).toMatchObject({
        type: 'tool-calls',
        calls: [
          { name: 'add_numbers', arguments: { a: 5, b: 7 } },
          { name: 'multiply_numbers', arguments: { a: 3, b: 4 } },
        ],
      });
      const answer = decideMockReply({
        question,
        tools,
        exchanges: [exchange('add_numbers', { a: 5, b: 7 }, 'Result: 12'), exchange('multiply_numbers', { a: 3, b: 4 }, 'Result: 12')],
      });
      expect(answer).toMatchObject({ type: 'text', text: '5 plus 7 is 12, and 3 times 4 is 12.' });
    });

    it('uses the same tool twice, one round after the other, for "2 plus 3 plus 4"', () => {
      const first = decideMockReply({ question: '2 plus 3 plus 4', tools: [addNumbers], exchanges: [] });
      expect(first).toMatchObject({ type: 'tool-calls', calls: [{ arguments: { a: 2, b: 3 } }] });
      const second = decideMockReply({
        question: '2 plus 3 plus 4',
        tools: [addNumbers],
        exchanges: [exchange('add_numbers', { a: 2, b: 3 }, 'Result: 5')],
      });
      expect(second).toMatchObject({ type: 'tool-calls', calls: [{ arguments: { a: 5, b: 4 } }] });
    });
  });

  describe('argument filling from the tool schema', () => {
    it('fills an array of numbers when that is what the tool takes', () => {
      const sum: MockTool = { name: 'sum', parameters: { type: 'object', properties: { values: { type: 'array', items: { type: 'number' } } } } };
      const reply = decideMockReply({ question: 'What is 5 plus 7?', tools: [sum], exchanges: [] });
      expect(reply).toMatchObject({ type: 'tool-calls', calls: [{ name: 'sum', arguments: { values: [5, 7] } }] });
    });

    it('answers in words when the matching tool takes no two numbers', () => {
      const addStrings: MockTool = { name: 'add_strings', parameters: { type: 'object', properties: { text: { type: 'string' } } } };
      const reply = decideMockReply({ question: 'What is 5 plus 7?', tools: [addStrings], exchanges: [] });
      expect(reply).toMatchObject({ type: 'text', text: expect.stringContaining('does not take two numbers') });
    });
  });
});
