import { describe, expect, it } from 'vitest';
import { reportLostToolFields } from './lost-tool-fields.ts';
import { ADD_NUMBERS_TOOL } from './test-fixtures.ts';

describe('reportLostToolFields', () => {
  const tool = { ...ADD_NUMBERS_TOOL, title: 'Add', outputSchema: { type: 'object' as const }, _meta: { origin: 'test' } };

  it('reports each field with no place as a warning and a dropped change, in the order of the MCP fields', () => {
    expect(reportLostToolFields({ tool, index: 2, provider: 'Ollama', place: 'an Ollama tool' })).toEqual({
      warnings: [
        { code: 'dropped-title', message: 'Ollama tools have no field for its display title; "add_numbers" loses it.', path: 'tools[2].title' },
        {
          code: 'dropped-outputSchema',
          message: 'Ollama tools have no field for the shape of its structured output (outputSchema); "add_numbers" loses it.',
          path: 'tools[2].outputSchema',
        },
        { code: 'dropped-_meta', message: 'Ollama tools have no field for its _meta; "add_numbers" loses it.', path: 'tools[2]._meta' },
      ],
      changes: [
        { kind: 'dropped', from: '[2].title', note: 'no place for title in an Ollama tool' },
        { kind: 'dropped', from: '[2].outputSchema', note: 'no place for outputSchema in an Ollama tool' },
        { kind: 'dropped', from: '[2]._meta', note: 'no place for _meta in an Ollama tool' },
      ],
    });
  });

  it('says nothing of the fields the format keeps', () => {
    const report = reportLostToolFields({ tool, index: 0, provider: 'Gemini', place: 'a Gemini function declaration', keeps: ['outputSchema'] });
    expect(report.warnings.map((warning) => warning.code)).toEqual(['dropped-title', 'dropped-_meta']);
    expect(report.changes.map((change) => change.from)).toEqual(['[0].title', '[0]._meta']);
  });

  it('reports nothing for a tool with only a name, a description and an input schema', () => {
    expect(reportLostToolFields({ tool: ADD_NUMBERS_TOOL, index: 0, provider: 'Gemini', place: 'a Gemini function declaration' })).toEqual({
      warnings: [],
      changes: [],
    });
  });
});
