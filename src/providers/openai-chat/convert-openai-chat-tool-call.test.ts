import { describe, expect, it } from 'vitest';
import type { ProviderToolCall } from '../types.ts';
import { convertOpenAiChatToolCall } from './convert-openai-chat-tool-call.ts';

function call(name: string, argumentsGiven: unknown): ProviderToolCall {
  return { id: 'call_1', name, arguments: argumentsGiven, raw: { id: 'call_1', type: 'function', function: { name, arguments: argumentsGiven } } };
}

const nameMap = { add_numbers: 'add_numbers', math_add: 'math.add' };

describe('convertOpenAiChatToolCall (translation #2)', () => {
  describe('valid arguments', () => {
    it('parses the JSON string into the arguments object of a tools/call', () => {
      const { result, warnings } = convertOpenAiChatToolCall({ call: call('add_numbers', '{"a":5,"b":7}'), nameMap });
      expect(result).toEqual({ ok: true, params: { name: 'add_numbers', arguments: { a: 5, b: 7 } } });
      expect(warnings).toEqual([expect.objectContaining({ code: 'arguments-parsed', path: 'function.arguments' })]);
    });

    it('reads an empty string as no arguments', () => {
      const { result } = convertOpenAiChatToolCall({ call: call('add_numbers', '  '), nameMap });
      expect(result).toEqual({ ok: true, params: { name: 'add_numbers', arguments: {} } });
    });
  });

  describe('renamed tools', () => {
    it('restores the MCP name of a tool renamed in translation #1, and says so', () => {
      const { result, warnings } = convertOpenAiChatToolCall({ call: call('math_add', '{"a":1,"b":2}'), nameMap });
      expect(result).toEqual({ ok: true, params: { name: 'math.add', arguments: { a: 1, b: 2 } } });
      expect(warnings[0]).toMatchObject({ code: 'tool-name-restored' });
      expect(warnings[0]!.message).toContain('"math.add"');
    });

    it('passes on a name the model invented, for the server to refuse', () => {
      const { result } = convertOpenAiChatToolCall({ call: call('divide_numbers', '{}'), nameMap });
      expect(result).toEqual({ ok: true, params: { name: 'divide_numbers', arguments: {} } });
    });
  });

  describe('arguments the host cannot use', () => {
    it('turns invalid JSON into a readable error that quotes what arrived', () => {
      const { result } = convertOpenAiChatToolCall({ call: call('add_numbers', '{"a":5,'), nameMap });
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(result.error).toContain('not valid JSON');
      expect(result.error).toContain('add_numbers');
      expect(result.error).toContain('{"a":5,');
    });

    it.each(['[5,7]', '12', '"five"', 'null'])('refuses JSON %s that is not an object', (argumentsGiven) => {
      const { result } = convertOpenAiChatToolCall({ call: call('add_numbers', argumentsGiven), nameMap });
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(result.error).toContain('must be a JSON object');
      expect(result.error).toContain(argumentsGiven);
    });

    it('refuses arguments that arrived as an object instead of a JSON string', () => {
      const { result } = convertOpenAiChatToolCall({ call: call('add_numbers', { a: 5, b: 7 }), nameMap });
      expect(result).toMatchObject({ ok: false, error: expect.stringContaining('not a JSON string') });
    });
  });
});
