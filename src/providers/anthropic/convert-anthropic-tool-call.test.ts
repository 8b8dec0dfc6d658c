import { describe, expect, it } from 'vitest';
import type { ProviderToolCall } from '../types.ts';
import { convertAnthropicToolCall, formatAnthropicToolCall } from './convert-anthropic-tool-call.ts';

function call(name: string, input: unknown): ProviderToolCall {
  return { id: 'toolu_1', name, arguments: input, raw: { type: 'tool_use', id: 'toolu_1', name, input, caller: { type: 'direct' } } };
}

const nameMap = { add_numbers: 'add_numbers', math_add: 'math.add' };

describe('convertAnthropicToolCall (translation #2)', () => {
  describe('an input object', () => {
    it('passes the input object on as the arguments of a tools/call, with nothing to parse', () => {
      const { result, warnings, changes } = convertAnthropicToolCall({ call: call('add_numbers', { a: 5, b: 7 }), nameMap });
      expect(result).toEqual({ ok: true, params: { name: 'add_numbers', arguments: { a: 5, b: 7 } } });
      expect(warnings).toEqual([]);
      expect(changes).toContainEqual(expect.objectContaining({ kind: 'renamed', from: 'input', to: 'arguments' }));
      expect(changes.filter((change) => change.kind === 'dropped').map((change) => change.from)).toEqual(['id', 'type', 'caller']);
      expect(changes.some((change) => change.kind === 'retyped')).toBe(false);
    });

    it('accepts an empty input object', () => {
      const { result } = convertAnthropicToolCall({ call: call('add_numbers', {}), nameMap });
      expect(result).toEqual({ ok: true, params: { name: 'add_numbers', arguments: {} } });
    });
  });

  describe('renamed tools', () => {
    it('restores the MCP name of a tool renamed in translation #1, and says so', () => {
      const { result, warnings, changes } = convertAnthropicToolCall({ call: call('math_add', { a: 1, b: 2 }), nameMap });
      expect(result).toEqual({ ok: true, params: { name: 'math.add', arguments: { a: 1, b: 2 } } });
      expect(warnings).toEqual([expect.objectContaining({ code: 'tool-name-restored', path: 'name' })]);
      expect(warnings[0]!.message).toContain('"math.add"');
      expect(changes[0]).toMatchObject({ kind: 'renamed', from: 'name', to: 'name' });
    });

    it('passes on a name the model invented, for the server to refuse', () => {
      const { result } = convertAnthropicToolCall({ call: call('divide_numbers', {}), nameMap });
      expect(result).toEqual({ ok: true, params: { name: 'divide_numbers', arguments: {} } });
    });
  });

  describe('input that is not an object', () => {
    it.each([
      ['a JSON string', '{"a":5,"b":7}', 'string "{\\"a\\":5,\\"b\\":7}"'],
      ['an array', [5, 7], 'an array: [5,7]'],
      ['null', null, 'null'],
      ['a number', 12, 'number 12'],
      ['nothing', undefined, 'nothing'],
    ])('turns %s into a host error that says what arrived, never a throw', (_label, input, described) => {
      const { result } = convertAnthropicToolCall({ call: call('add_numbers', input), nameMap });
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(result.error).toContain('add_numbers');
      expect(result.error).toContain('must be a JSON object');
      expect(result.error).toContain(described);
    });
  });
});

describe('formatAnthropicToolCall', () => {
  it('writes a tool_use block whose input is an object, that translation #2 reads back', () => {
    const formatted = formatAnthropicToolCall({ id: 'toolu_x', name: 'add_numbers', arguments: { a: 5, b: 7 } });
    expect(formatted).toEqual({
      id: 'toolu_x',
      name: 'add_numbers',
      arguments: { a: 5, b: 7 },
      raw: { type: 'tool_use', id: 'toolu_x', name: 'add_numbers', input: { a: 5, b: 7 } },
    });
    expect(convertAnthropicToolCall({ call: formatted, nameMap }).result).toEqual({ ok: true, params: { name: 'add_numbers', arguments: { a: 5, b: 7 } } });
  });
});
