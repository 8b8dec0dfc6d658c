import { describe, expect, it } from 'vitest';
import { escapeMarkup } from './escape-markup.ts';

describe('escapeMarkup', () => {
  it('writes the five markup characters as numeric entities and leaves the rest', () => {
    expect(escapeMarkup(`<a href="x" title='y'>&</a>`)).toBe('&#60;a href=&#34;x&#34; title=&#39;y&#39;&#62;&#38;&#60;/a&#62;');
    expect(escapeMarkup('5 plus 7 → 12 ✓')).toBe('5 plus 7 → 12 ✓');
  });
});
