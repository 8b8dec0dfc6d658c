import { describe, expect, it } from 'vitest';
import { compareTranslations } from './compare-translations.ts';
import type { McpTool } from './types.ts';

const tools: McpTool[] = [
  {
    name: 'math.add',
    description: 'Adds two numbers',
    inputSchema: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] },
  },
];
const call = { name: 'math.add', arguments: { a: 5, b: 7 } };
const result = { content: [{ type: 'text' as const, text: 'Result: 12' }] };

describe('compareTranslations', () => {
  const comparisons = compareTranslations({ tools, call, result });

  it('translates the same run in all six formats', () => {
    expect(comparisons.map((entry) => entry.wire.id)).toEqual(['openai-chat', 'openai-functions', 'openai-responses', 'anthropic', 'gemini', 'ollama']);
  });

  it('brings every format back to the same MCP call, whatever it renamed on the way', () => {
    for (const { wire, second } of comparisons) {
      expect(second?.translated.result, wire.id).toEqual({ ok: true, params: { name: 'math.add', arguments: { a: 5, b: 7 } } });
    }
  });

  it('shows where the formats differ: arguments as a string or an object, names renamed or kept', () => {
    const byId = Object.fromEntries(comparisons.map((entry) => [entry.wire.id, entry]));
    expect(typeof byId['openai-chat']!.second!.call.arguments).toBe('string');
    expect(typeof byId.anthropic!.second!.call.arguments).toBe('object');
    expect(byId['openai-chat']!.first.warnings.some((warning) => warning.code === 'tool-name-renamed')).toBe(true);
    expect(byId.gemini!.first.warnings.some((warning) => warning.code === 'tool-name-renamed')).toBe(false);
  });

  it('carries the tool result in each format', () => {
    for (const { wire, third } of comparisons) {
      expect(JSON.stringify(third?.result), wire.id).toContain('Result: 12');
    }
  });

  it('stops at translation #1 when the run has no call yet', () => {
    const early = compareTranslations({ tools, call: null, result: null });
    expect(early.every((entry) => entry.second === null && entry.third === null)).toBe(true);
  });
});
