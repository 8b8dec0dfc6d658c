import { describe, expect, it } from 'vitest';
import type { ProviderToolCall } from '../types.ts';
import { convertOpenAiFunctionsToolCall, formatOpenAiFunctionsToolCall } from './convert-openai-functions-tool-call.ts';

function call(name: string, argumentsGiven: unknown): ProviderToolCall {
  return { name, arguments: argumentsGiven, raw: { name, arguments: argumentsGiven } };
}

const nameMap = { add_numbers: 'add_numbers', math_add: 'math.add' };

describe('convertOpenAiFunctionsToolCall (translation #2)', () => {
  describe('add_numbers with valid arguments', () => {
    it('parses the JSON string into the arguments of a tools/call, and reports the retyping', () => {
      const { result, warnings, changes } = convertOpenAiFunctionsToolCall({ call: call('add_numbers', '{"a":5,"b":7}'), nameMap });
      expect(result).toEqual({ ok: true, params: { name: 'add_numbers', arguments: { a: 5, b: 7 } } });
      expect(warnings).toEqual([expect.objectContaining({ code: 'arguments-parsed', path: 'arguments' })]);
      expect(changes).toEqual([{ kind: 'retyped', from: 'arguments', to: 'arguments', note: expect.any(String) }]);
    });
  });

  describe('renamed tools', () => {
    it('restores the MCP name through the name map', () => {
      const { result, warnings, changes } = convertOpenAiFunctionsToolCall({ call: call('math_add', '{"a":1,"b":2}'), nameMap });
      expect(result).toEqual({ ok: true, params: { name: 'math.add', arguments: { a: 1, b: 2 } } });
      expect(warnings[0]).toMatchObject({ code: 'tool-name-restored', path: 'name' });
      expect(changes[0]).toMatchObject({ kind: 'renamed', from: 'name', to: 'name' });
    });

    it('passes on an invented name for the server to refuse', () => {
      expect(convertOpenAiFunctionsToolCall({ call: call('divide', '{}'), nameMap }).result).toEqual({ ok: true, params: { name: 'divide', arguments: {} } });
    });
  });

  describe('arguments the host cannot use', () => {
    it('turns invalid JSON into a host error that quotes what arrived, without throwing', () => {
      const { result } = convertOpenAiFunctionsToolCall({ call: call('add_numbers', '{"a":5,'), nameMap });
      expect(result).toMatchObject({ ok: false, error: expect.stringContaining('not valid JSON') });
      if (!result.ok) expect(result.error).toContain('{"a":5,');
    });

    it.each(['[5,7]', '12', 'null'])('refuses JSON %s, which is not an object', (text) => {
      expect(convertOpenAiFunctionsToolCall({ call: call('add_numbers', text), nameMap }).result).toMatchObject({
        ok: false,
        error: expect.stringContaining('must be a JSON object'),
      });
    });

    it('refuses arguments sent as an object instead of a string', () => {
      expect(convertOpenAiFunctionsToolCall({ call: call('add_numbers', { a: 5 }), nameMap }).result).toMatchObject({
        ok: false,
        error: expect.stringContaining('legacy function_call'),
      });
    });
  });
});

describe('formatOpenAiFunctionsToolCall', () => {
  it('writes a call as { name, arguments: "<JSON string>" } with no id, which the format does not have', () => {
    const formatted = formatOpenAiFunctionsToolCall({ id: 'call_1', name: 'add_numbers', arguments: { a: 5, b: 7 } });
    expect(formatted).toEqual({ name: 'add_numbers', arguments: '{"a":5,"b":7}', raw: { name: 'add_numbers', arguments: '{"a":5,"b":7}' } });
  });

  it('gives translation #2 something it reads back to the same arguments', () => {
    const formatted = formatOpenAiFunctionsToolCall({ id: 'x', name: 'add_numbers', arguments: { a: 1, b: 2 } });
    expect(convertOpenAiFunctionsToolCall({ call: formatted, nameMap }).result).toEqual({
      ok: true,
      params: { name: 'add_numbers', arguments: { a: 1, b: 2 } },
    });
  });
});
