import { describe, expect, it } from 'vitest';
import type { ProviderToolCall } from '../types.ts';
import { convertGeminiToolCall, formatGeminiToolCall } from './convert-gemini-tool-call.ts';

function call(name: string, args: unknown, id?: string): ProviderToolCall {
  const functionCall = { ...(id === undefined ? {} : { id }), name, ...(args === undefined ? {} : { args }) };
  return { ...(id === undefined ? {} : { id }), name, arguments: args, raw: { functionCall } };
}

const nameMap = { add_numbers: 'add_numbers', add_two_numbers: 'add two numbers' };

describe('convertGeminiToolCall (translation #2)', () => {
  describe('valid arguments', () => {
    it('passes args, already an object, as the arguments of a tools/call', () => {
      const { result, warnings, changes } = convertGeminiToolCall({ call: call('add_numbers', { a: 5, b: 7 }, 'call_1'), nameMap });
      expect(result).toEqual({ ok: true, params: { name: 'add_numbers', arguments: { a: 5, b: 7 } } });
      expect(warnings).toEqual([]);
      expect(changes).toContainEqual(expect.objectContaining({ kind: 'renamed', from: 'functionCall.args', to: 'arguments' }));
      expect(changes).toContainEqual(expect.objectContaining({ kind: 'dropped', from: 'functionCall.id' }));
    });

    it('reads a call without args as no arguments', () => {
      const { result, changes } = convertGeminiToolCall({ call: call('add_numbers', undefined), nameMap });
      expect(result).toEqual({ ok: true, params: { name: 'add_numbers', arguments: {} } });
      expect(changes.some((change) => change.from === 'functionCall.id')).toBe(false);
    });
  });

  describe('renamed tools', () => {
    it('restores the MCP name of a tool renamed in translation #1, and says so', () => {
      const { result, warnings } = convertGeminiToolCall({ call: call('add_two_numbers', { a: 1, b: 2 }), nameMap });
      expect(result).toEqual({ ok: true, params: { name: 'add two numbers', arguments: { a: 1, b: 2 } } });
      expect(warnings[0]).toMatchObject({ code: 'tool-name-restored', path: 'functionCall.name' });
    });

    it('passes on a name the model invented, for the server to refuse', () => {
      expect(convertGeminiToolCall({ call: call('divide', {}), nameMap }).result).toEqual({ ok: true, params: { name: 'divide', arguments: {} } });
    });
  });

  describe('arguments the host cannot use', () => {
    it.each([
      ['a JSON string', '{"a":5}'],
      ['an array', [5, 7]],
      ['a number', 12],
      ['null', null],
    ])('turns %s into a readable error for the model', (_label, args) => {
      const { result } = convertGeminiToolCall({ call: call('add_numbers', args), nameMap });
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(result.error).toContain('must be an object');
      expect(result.error).toContain('add_numbers');
      expect(result.error).toContain(JSON.stringify(args));
    });
  });
});

describe('formatGeminiToolCall', () => {
  it('writes a model part with functionCall and args as an object, which translation #2 reads back', () => {
    const written = formatGeminiToolCall({ id: 'call_9', name: 'add_numbers', arguments: { a: 1, b: 2 } });
    expect(written.raw).toEqual({ functionCall: { id: 'call_9', name: 'add_numbers', args: { a: 1, b: 2 } } });
    expect(convertGeminiToolCall({ call: written, nameMap }).result).toEqual({ ok: true, params: { name: 'add_numbers', arguments: { a: 1, b: 2 } } });
  });
});
