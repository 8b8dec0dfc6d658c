import { describe, expect, it } from 'vitest';
import type { ProviderToolCall } from '../types.ts';
import { convertOllamaToolCall, formatOllamaToolCall } from './convert-ollama-tool-call.ts';

/** A call as older Ollama versions write it: no id, no index. */
function olderCall(name: string, argumentsGiven: unknown): ProviderToolCall {
  return { name, arguments: argumentsGiven, raw: { function: { name, arguments: argumentsGiven } } };
}

const nameMap = { add_numbers: 'add_numbers' };

describe('convertOllamaToolCall (translation #2)', () => {
  describe('valid arguments', () => {
    it('passes the arguments object on as it is, from a call without id or index', () => {
      const { result, warnings, changes } = convertOllamaToolCall({ call: olderCall('add_numbers', { a: 5, b: 7 }), nameMap });
      expect(result).toEqual({ ok: true, params: { name: 'add_numbers', arguments: { a: 5, b: 7 } } });
      expect(warnings).toEqual([]);
      expect(changes.map((change) => change.from)).toEqual(['function.name', 'function.arguments']);
    });

    it('reports the id and index that newer Ollama versions add, which MCP has no use for', () => {
      const { result, changes } = convertOllamaToolCall({
        call: formatOllamaToolCall({ id: 'call_1', name: 'add_numbers', arguments: { a: 1, b: 2 } }),
        nameMap,
      });
      expect(result).toEqual({ ok: true, params: { name: 'add_numbers', arguments: { a: 1, b: 2 } } });
      expect(changes).toContainEqual(expect.objectContaining({ kind: 'dropped', from: 'id' }));
      expect(changes).toContainEqual(expect.objectContaining({ kind: 'dropped', from: 'function.index' }));
    });
  });

  describe('names', () => {
    it('passes on a name the model invented, for the server to refuse', () => {
      expect(convertOllamaToolCall({ call: olderCall('divide', {}), nameMap }).result).toEqual({ ok: true, params: { name: 'divide', arguments: {} } });
    });

    it('maps a name back through the name map when it has an entry', () => {
      const { result, warnings } = convertOllamaToolCall({ call: olderCall('add', { a: 1 }), nameMap: { add: 'math.add' } });
      expect(result).toEqual({ ok: true, params: { name: 'math.add', arguments: { a: 1 } } });
      expect(warnings[0]).toMatchObject({ code: 'tool-name-restored' });
    });
  });

  describe('arguments the host cannot use', () => {
    it.each([
      ['a JSON string', '{"a":5,"b":7}'],
      ['an array', [5, 7]],
      ['null', null],
      ['nothing', undefined],
    ])('turns %s into a readable error for the model', (_label, argumentsGiven) => {
      const { result } = convertOllamaToolCall({ call: olderCall('add_numbers', argumentsGiven), nameMap });
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(result.error).toContain('must be an object');
      expect(result.error).toContain('add_numbers');
    });
  });
});

describe('formatOllamaToolCall', () => {
  it('writes arguments as an object, with an id and function.index', () => {
    expect(formatOllamaToolCall({ id: 'call_9', name: 'add_numbers', arguments: { a: 1 } })).toEqual({
      id: 'call_9',
      name: 'add_numbers',
      arguments: { a: 1 },
      raw: { id: 'call_9', function: { index: 0, name: 'add_numbers', arguments: { a: 1 } } },
    });
  });
});
