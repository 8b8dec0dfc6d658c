import { describe, expect, it } from 'vitest';
import { escapeTerminalJson, escapeTerminalText, hasTerminalControl } from './terminal-text.ts';

describe('escapeTerminalText', () => {
  it.each([
    ['a title sequence', '\u001b]0;pwned\u0007', '\\x1b]0;pwned\\x07'],
    ['a cursor move and a screen clear', '\u001b[2J\u001b[H', '\\x1b[2J\\x1b[H'],
    ['a one-character CSI (C1)', '\u009b2J', '\\x9b2J'],
    ['DEL and NUL', 'a\u007fb\u0000c', 'a\\x7fb\\x00c'],
    ['a carriage return that would overwrite the line', 'ok\rFAKE', 'ok\\x0dFAKE'],
    ['bidi overrides and isolates', 'abc\u202edcba\u2066x\u2069', 'abc\\u202edcba\\u2066x\\u2069'],
    ['the line separator', 'a\u2028b', 'a\\u2028b'],
  ])('writes %s as escapes', (_name, text, expected) => {
    expect(escapeTerminalText({ text })).toBe(expected);
    expect(hasTerminalControl(expected)).toBe(false);
  });

  it('keeps newlines and tabs only when the layout asks for them', () => {
    expect(escapeTerminalText({ text: 'a\nb\tc' })).toBe('a\\x0ab\\x09c');
    expect(escapeTerminalText({ text: 'a\nb\tc\u001b', keepLayout: true })).toBe('a\nb\tc\\x1b');
  });

  it('leaves ordinary Unicode alone', () => {
    expect(escapeTerminalText({ text: 'Grüße “quoted” ’ 数学 🙂' })).toBe('Grüße “quoted” ’ 数学 🙂');
  });
});

describe('escapeTerminalJson', () => {
  it('is the same JSON once parsed, with nothing a terminal acts on', () => {
    const value = { text: 'a\u007f\u009b\u202e\u2028\u001b', nested: ['\u0085'] };
    const json = escapeTerminalJson(JSON.stringify(value, null, 2));
    expect(JSON.parse(json)).toEqual(value);
    expect(hasTerminalControl(json.replace(/\n/g, ''))).toBe(false);
  });
});
