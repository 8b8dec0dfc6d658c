import { describe, expect, it } from 'vitest';
import { MAX_NESTING_DEPTH } from '../trace/depth-bound.ts';
import { adjustGeminiJsonSchema } from './gemini/adjust-gemini-json-schema.ts';
import { convertToOpenAiStrictSchema } from './openai-strict-schema.ts';

/** An object schema whose one property nests `levels` object schemas inside one another. */
function nestSchema(levels: number): Record<string, unknown> {
  let schema: Record<string, unknown> = { type: 'string' };
  for (let level = 0; level < levels; level++) schema = { type: 'object', properties: { a: schema } };
  return schema;
}

describe('the recursive schema walks of translation #1 at hostile depths', () => {
  for (const levels of [1_000, 2_500, 100_000]) {
    it(`strict mode at ${levels.toLocaleString('en')} levels: stops at the bound with a warning, no stack overflow`, () => {
      const { warnings } = convertToOpenAiStrictSchema({ schema: nestSchema(levels), inputPath: '[0].inputSchema', outputPath: '[0].function.parameters' });
      const cut = warnings.filter((warning) => warning.code === 'nested-too-deep');
      expect(cut).toHaveLength(1);
      expect(cut[0]?.message).toContain(`deeper than ${MAX_NESTING_DEPTH} levels`);
      expect(cut[0]?.path).toMatch(new RegExp(`^tools\\[0\\]\\.inputSchema(\\.properties\\.a){${MAX_NESTING_DEPTH}}$`));
    });

    it(`Gemini at ${levels.toLocaleString('en')} levels: stops at the bound with a warning, no stack overflow`, () => {
      const { warnings } = adjustGeminiJsonSchema({
        schema: nestSchema(levels),
        inputPath: '[0].inputSchema',
        outputPath: '[0].functionDeclarations[0].parametersJsonSchema',
        toolName: 'deep',
      });
      expect(warnings.filter((warning) => warning.code === 'nested-too-deep')).toHaveLength(1);
    });
  }

  it('a schema within the bound walks as before, with no such warning', () => {
    const { warnings } = convertToOpenAiStrictSchema({ schema: nestSchema(20), inputPath: '[0].inputSchema', outputPath: '[0].function.parameters' });
    expect(warnings.some((warning) => warning.code === 'nested-too-deep')).toBe(false);
  });
});
