import { describe, expect, it } from 'vitest';
import { serializeExportJson } from './serialize-export.ts';

describe('serializeExportJson', () => {
  const hostile = { name: 'csi \u009b2J, del \u007f, esc \u001b[31m, bidi \u202eevil\u202c \u2066x\u2069, line \u2028 sep', nested: ['\u0000'] };

  it('reads back as the same value', () => {
    expect(JSON.parse(serializeExportJson(hostile))).toEqual(hostile);
  });

  it('writes no character a terminal or an editor acts on', () => {
    const text = serializeExportJson(hostile);
    expect(text).not.toMatch(/(?!\n)\p{Cc}|[\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]/u);
    expect(text).toContain('\\u009b');
    expect(text).toContain('\\u202e');
  });
});
