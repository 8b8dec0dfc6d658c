import { describe, expect, it } from 'vitest';
import { NO_RESULT_MARKER, TOOL_ERROR_MARKER } from '../../src/trace/tool-error-markers.ts';
import { describeCall, readArgumentsText, readToolOutcome, writeArgumentsText, writeArgumentsValue } from './mock-reply.ts';

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

describe('readToolOutcome', () => {
  it.each([
    `${TOOL_ERROR_MARKER}Input validation error: a: expected number`,
    `${TOOL_ERROR_MARKER}overflow`,
    'Input validation error: Invalid arguments for tool add_numbers',
    'MCP error -32602: Tool calculator not found',
    'The call failed: Tool calculator not found',
  ])('reads %j as the tool’s error', (output) => {
    expect(readToolOutcome(output)).toEqual({ isError: true });
  });

  it('reads the host’s marker as an error where no tool result exists, flagged or not', () => {
    const declined = `${NO_RESULT_MARKER}The user declined to let the host call delete_note, so it was not called and nothing changed on the server.`;
    expect(readToolOutcome(declined)).toEqual({ isError: true, hostError: true });
    expect(readToolOutcome(declined, true)).toEqual({ isError: true, hostError: true });
  });

  it.each([
    'Result: 12',
    'No errors found',
    'The user was not found in the tool',
    'Errors: 0',
    'Error: file not found (a tool’s own answer, isError not set)',
    'error: overflow',
  ])('reads %j as a result: the tool did not say isError', (output) => {
    expect(readToolOutcome(output)).toEqual({ isError: false });
  });

  it('takes the error flag of a format that has one', () => {
    expect(readToolOutcome('overflow', true)).toEqual({ isError: true });
  });
});
