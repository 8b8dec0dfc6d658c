import { describe, expect, it } from 'vitest';
import { OPENAI_NAME_RULE, restoreToolName, sanitizeToolNames, type NameRule } from './tool-names.ts';

function sanitize(names: string[], rule: NameRule = OPENAI_NAME_RULE) {
  return sanitizeToolNames({ names, rule });
}

describe('sanitizeToolNames', () => {
  describe('names that already fit', () => {
    it('keeps them unchanged, with no warning', () => {
      const { result, warnings } = sanitize(['add_numbers', 'get-weather', 'Tool42']);
      expect(result.providerNames).toEqual(['add_numbers', 'get-weather', 'Tool42']);
      expect(result.nameMap).toEqual({ add_numbers: 'add_numbers', 'get-weather': 'get-weather', Tool42: 'Tool42' });
      expect(warnings).toEqual([]);
    });

    it('keeps a name of exactly the maximum length', () => {
      const name = 'a'.repeat(64);
      expect(sanitize([name]).result.providerNames).toEqual([name]);
    });

    it('keeps a fitting name even when an earlier renamed tool would have taken it', () => {
      const { result, warnings } = sanitize(['a.b', 'a_b']);
      expect(result.providerNames[1]).toBe('a_b');
      expect(result.providerNames[0]).not.toBe('a_b');
      expect(warnings.map((warning) => warning.path)).toEqual(['tools[0].name']);
    });
  });

  describe('names the provider refuses', () => {
    it('replaces dots and spaces with underscores and says so', () => {
      const { result, warnings } = sanitize(['math.add', 'add numbers']);
      expect(result.providerNames).toEqual(['math_add', 'add_numbers']);
      expect(warnings).toHaveLength(2);
      expect(warnings[0]).toMatchObject({ code: 'tool-name-renamed', path: 'tools[0].name' });
      expect(warnings[0]!.message).toContain('"math.add"');
      expect(warnings[0]!.message).toContain('"math_add"');
    });

    it('shortens a name that is too long to the maximum length', () => {
      const long = `tool_${'x'.repeat(80)}`;
      const { result, warnings } = sanitize([long]);
      expect(result.providerNames[0]).toHaveLength(64);
      expect(long.startsWith(result.providerNames[0]!)).toBe(true);
      expect(warnings).toHaveLength(1);
    });

    it('gives an empty name a placeholder', () => {
      expect(sanitize(['']).result.providerNames).toEqual(['tool']);
    });

    it('puts an underscore first when the rule wants a letter first', () => {
      const rule: NameRule = { allowed: 'a-zA-Z0-9_', maxLength: 64, mustStartWithLetter: true, provider: 'Strict' };
      const { result, warnings } = sanitize(['1st-tool', 'fine'], rule);
      expect(result.providerNames).toEqual(['_1st_tool', 'fine']);
      expect(warnings[0]!.message).toContain('Strict');
    });
  });

  describe('uniqueness', () => {
    it('never gives two tools the same name, and each suffix is added once', () => {
      const { result } = sanitize(['a.b', 'a b', 'a/b']);
      expect(new Set(result.providerNames).size).toBe(3);
      expect(result.providerNames).toEqual(['a_b', 'a_b_2', 'a_b_3']);
    });

    it('keeps shortened names unique and within the limit', () => {
      const prefix = 'p'.repeat(70);
      const { result } = sanitize([`${prefix}1`, `${prefix}2`]);
      expect(result.providerNames[0]).toHaveLength(64);
      expect(result.providerNames[1]).toHaveLength(64);
      expect(result.providerNames[0]).not.toBe(result.providerNames[1]);
    });

    it('renames the second of two tools with the same name', () => {
      const { result, warnings } = sanitize(['echo', 'echo']);
      expect(result.providerNames).toEqual(['echo', 'echo_2']);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]!.path).toBe('tools[1].name');
    });
  });

  describe('the reverse map', () => {
    it('maps every provider name back to its MCP name', () => {
      const names = ['math.add', 'add numbers', 'plain', `long_${'y'.repeat(90)}`];
      const { result } = sanitize(names);
      result.providerNames.forEach((providerName, index) => {
        expect(restoreToolName({ name: providerName, nameMap: result.nameMap })).toBe(names[index]);
      });
    });
  });
});

describe('restoreToolName', () => {
  it('returns undefined for a name the model invented', () => {
    expect(restoreToolName({ name: 'made_up', nameMap: { add_numbers: 'add_numbers' } })).toBeUndefined();
  });

  it('is not fooled by names inherited from Object.prototype', () => {
    expect(restoreToolName({ name: 'constructor', nameMap: {} })).toBeUndefined();
    expect(restoreToolName({ name: 'toString', nameMap: {} })).toBeUndefined();
  });
});
