import { describe, expect, it } from 'vitest';
import { describeCall, detectErrorInText, readArgumentsText, writeArgumentsText, writeArgumentsValue } from './mock-reply.ts';

const call = { name: 'add_numbers', arguments: { a: 5, b: 7 } };
const broken = { ...call, brokenArguments: '{"a":5,"b":7' };

describe('writing arguments', () => {
  it('writes JSON text for string formats, and the broken text when the model wrote one', () => {
    expect(writeArgumentsText(call)).toBe('{"a":5,"b":7}');
    expect(writeArgumentsText(broken)).toBe('{"a":5,"b":7');
  });

  it('writes the object for object formats, and the broken text in its place when the model wrote one', () => {
    expect(writeArgumentsValue(call)).toEqual({ a: 5, b: 7 });
    expect(writeArgumentsValue(broken)).toBe('{"a":5,"b":7');
  });

  it('names a call with its values, or with its broken text', () => {
    expect(describeCall(call)).toBe('add_numbers(5, 7)');
    expect(describeCall(broken)).toBe('add_numbers with the arguments text {"a":5,"b":7');
  });
});

describe('readArgumentsText', () => {
  it('reads JSON, and keeps text that is not JSON as it is', () => {
    expect(readArgumentsText('{"a":5}')).toEqual({ a: 5 });
    expect(readArgumentsText('{"a":5')).toBe('{"a":5');
  });
});

describe('detectErrorInText', () => {
  it.each([
    'Error: Input validation error: a: expected number',
    'Error: MCP error -32602: Tool add not found',
    'error: overflow',
    'Input validation error: Invalid arguments for tool add_numbers',
    'MCP error -32602: Tool calculator not found',
    'The call failed: Tool calculator not found',
  ])('reads %j as an error', (output) => {
    expect(detectErrorInText(output)).toBe(true);
  });

  it.each(['Result: 12', 'No errors found', 'The user was not found in the tool', 'Errors: 0'])('reads %j as a result', (output) => {
    expect(detectErrorInText(output)).toBe(false);
  });
});
