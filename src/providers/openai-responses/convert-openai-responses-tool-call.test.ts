import { describe, expect, it } from 'vitest';
import type { ProviderToolCall } from '../types.ts';
import { convertOpenAiResponsesToolCall, formatOpenAiResponsesToolCall } from './convert-openai-responses-tool-call.ts';

function call(name: string, argumentsGiven: unknown): ProviderToolCall {
  return {
    id: 'call_1',
    name,
    arguments: argumentsGiven,
    raw: { type: 'function_call', id: 'fc_1', status: 'completed', call_id: 'call_1', name, arguments: argumentsGiven },
  };
}

const nameMap = { add_numbers: 'add_numbers', math_add: 'math.add' };

describe('convertOpenAiResponsesToolCall (translation #2)', () => {
  describe('add_numbers with valid arguments', () => {
    it('parses the arguments string and reports every field of the item it leaves behind', () => {
      const { result, warnings, changes } = convertOpenAiResponsesToolCall({ call: call('add_numbers', '{"a":5,"b":7}'), nameMap });
      expect(result).toEqual({ ok: true, params: { name: 'add_numbers', arguments: { a: 5, b: 7 } } });
      expect(warnings).toEqual([expect.objectContaining({ code: 'arguments-parsed', path: 'arguments' })]);
      expect(changes.map((change) => [change.kind, change.from])).toEqual([
        ['dropped', 'type'],
        ['dropped', 'call_id'],
        ['dropped', 'id'],
        ['dropped', 'status'],
        ['retyped', 'arguments'],
      ]);
    });

    it('reports no id or status when the item had none', () => {
      const bare: ProviderToolCall = {
        id: 'c',
        name: 'add_numbers',
        arguments: '{}',
        raw: { type: 'function_call', call_id: 'c', name: 'add_numbers', arguments: '{}' },
      };
      const froms = convertOpenAiResponsesToolCall({ call: bare, nameMap }).changes.map((change) => change.from);
      expect(froms).not.toContain('id');
      expect(froms).not.toContain('status');
    });
  });

  describe('renamed tools', () => {
    it('restores the MCP name and says so', () => {
      const { result, warnings } = convertOpenAiResponsesToolCall({ call: call('math_add', '{"a":1,"b":2}'), nameMap });
      expect(result).toEqual({ ok: true, params: { name: 'math.add', arguments: { a: 1, b: 2 } } });
      expect(warnings[0]).toMatchObject({ code: 'tool-name-restored', path: 'name' });
    });
  });

  describe('arguments the host cannot use', () => {
    it('turns invalid JSON into a host error, never a throw', () => {
      const { result } = convertOpenAiResponsesToolCall({ call: call('add_numbers', '{"a":'), nameMap });
      expect(result).toMatchObject({ ok: false, error: expect.stringContaining('not valid JSON') });
    });

    it('refuses JSON that is not an object', () => {
      expect(convertOpenAiResponsesToolCall({ call: call('add_numbers', '[5,7]'), nameMap }).result).toMatchObject({
        ok: false,
        error: expect.stringContaining('must be a JSON object'),
      });
    });

    it('refuses arguments that are not a string', () => {
      expect(convertOpenAiResponsesToolCall({ call: call('add_numbers', { a: 5 }), nameMap }).result).toMatchObject({
        ok: false,
        error: expect.stringContaining('Responses API'),
      });
    });
  });
});

describe('formatOpenAiResponsesToolCall', () => {
  it('writes a function_call item whose call_id is the id given', () => {
    expect(formatOpenAiResponsesToolCall({ id: 'call_9', name: 'add_numbers', arguments: { a: 5, b: 7 } })).toEqual({
      id: 'call_9',
      name: 'add_numbers',
      arguments: '{"a":5,"b":7}',
      raw: { type: 'function_call', call_id: 'call_9', name: 'add_numbers', arguments: '{"a":5,"b":7}' },
    });
  });
});
