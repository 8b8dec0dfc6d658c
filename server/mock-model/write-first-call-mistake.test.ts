import { describe, expect, it } from 'vitest';
import type { MockTool } from './mock-reply.ts';
import { writeFirstCallMistake } from './write-first-call-mistake.ts';

const addNumbers: MockTool = { name: 'add_numbers', description: 'Adds two numbers' };
const call = { name: 'add_numbers', arguments: { a: 5, b: 7 } };

describe('writeFirstCallMistake', () => {
  describe('mock-model-sloppy', () => {
    function sloppy(argumentsGiven: Record<string, unknown>) {
      return writeFirstCallMistake({ habit: 'mock-model-sloppy', call: { name: 'tool', arguments: argumentsGiven }, tools: [], question: '' });
    }

    it('writes the first number as an English word, and says so', () => {
      const mistake = writeFirstCallMistake({ habit: 'mock-model-sloppy', call, tools: [addNumbers], question: 'What is 5 plus 7?' });
      expect(mistake?.call).toEqual({ name: 'add_numbers', arguments: { a: 'five', b: 7 } });
      expect(mistake?.reasoning).toContain('a as the string "five" instead of the number 5');
    });

    it.each([
      [42, 'forty-two'],
      [0, 'zero'],
      [-3, '-3'],
      [2.5, '2.5'],
      [100, '100'],
    ])('writes %d as %j', (value, written) => {
      expect(sloppy({ x: value })?.call.arguments).toEqual({ x: written });
    });

    it('finds the first number inside an array or a nested object, in property order', () => {
      expect(sloppy({ title: 'Scores', values: [3, 1, 4] })?.call.arguments).toEqual({ title: 'Scores', values: ['three', 1, 4] });
      expect(sloppy({ point: { x: 2, y: 9 } })?.call.arguments).toEqual({ point: { x: 'two', y: 9 } });
    });

    it('has nothing to spoil in a call without numbers', () => {
      expect(sloppy({ message: 'hello' })).toBeUndefined();
    });
  });

  describe('mock-model-inventive', () => {
    function invent(name: string, argumentsGiven: Record<string, unknown>, tools: MockTool[], question: string) {
      return writeFirstCallMistake({ habit: 'mock-model-inventive', call: { name, arguments: argumentsGiven }, tools, question });
    }

    it('calls the first word of the real name, with the right arguments', () => {
      const mistake = invent('add_numbers', { a: 5, b: 7 }, [addNumbers], 'What is 5 plus 7?');
      expect(mistake?.call).toEqual({ name: 'add', arguments: { a: 5, b: 7 } });
      expect(mistake?.reasoning).toContain('"add", a tool nobody offered (the right one is add_numbers)');
    });

    it('prefers a word of the real name the question uses', () => {
      expect(invent('math_power', { base: 2, exponent: 10 }, [{ name: 'math_power' }], 'What is 2 to the power of 10?')?.call.name).toBe('power');
    });

    it('never picks a name that is offered', () => {
      const tools = [addNumbers, { name: 'add' }];
      expect(invent('add_numbers', { a: 5, b: 7 }, tools, 'What is 5 plus 7?')?.call.name).toBe('calculator');
      expect(invent('echo', { message: 'hi' }, [{ name: 'echo' }], 'Echo hi')?.call.name).toBe('echo_tool');
    });
  });

  describe('mock-model-broken-json', () => {
    it('cuts the arguments off before the closing brace, keeping what it meant', () => {
      const mistake = writeFirstCallMistake({ habit: 'mock-model-broken-json', call, tools: [addNumbers], question: '' });
      expect(mistake?.call).toEqual({ name: 'add_numbers', arguments: { a: 5, b: 7 }, brokenArguments: '{"a":5,"b":7' });
      expect(() => JSON.parse(mistake!.call.brokenArguments!)).toThrow();
    });
  });
});
