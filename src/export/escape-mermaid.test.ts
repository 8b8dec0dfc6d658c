import { describe, expect, it } from 'vitest';
import { escapeMermaidLabel, MAX_LABEL_LENGTH, toMermaidId } from './escape-mermaid.ts';
import { decodeMermaidLabel } from '../../tests/helpers/read-mermaid-sequence.ts';

/** Text a server or an imported file can put in a tool name or title, each aimed at one part of Mermaid's grammar. */
const HOSTILE = [
  'add; participant Evil',
  'add\nNote over host: injected',
  'add\r\nhost->>user: fake',
  'a-->>b: fake arrow',
  '%%{init: {"securityLevel": "loose"}}%%',
  '%%{init: {"theme":"dark"}}%% then text',
  '<img src=x onerror=alert(1)>',
  '<script>alert(1)</script>',
  '#35; already an entity',
  '#',
  '"double" and \'single\' quotes',
  '`markdown` **bold**',
  '$$x^2$$ math',
  'wrap:long text',
  'back\\slash & ampersand | pipe',
  'end',
  '\u001b[2J\u001b]0;title\u0007 terminal escapes',
  '\u202eevil\u202c bidi',
  'nul\u0000byte',
  'x'.repeat(10_000),
];

const SYNTAX = /[;\n\r%{}<>"'`&$:\\|\p{Cc}\u202a-\u202e]/u;

describe('escapeMermaidLabel', () => {
  it.each(HOSTILE)('leaves no Mermaid syntax outside entity codes in %j', (text) => {
    const label = escapeMermaidLabel(text);
    const withoutEntities = label.replace(/#\d{1,7};/g, '');
    expect(withoutEntities).not.toMatch(SYNTAX);
    expect(withoutEntities).not.toContain('#');
    expect(withoutEntities).not.toContain('-->>');
  });

  it('shows the same text once Mermaid decodes the entities, with line breaks and controls as spaces', () => {
    expect(decodeMermaidLabel(escapeMermaidLabel('<img src=x onerror=alert(1)>'))).toBe('<img src=x onerror=alert(1)>');
    expect(decodeMermaidLabel(escapeMermaidLabel('a; b # c'))).toBe('a; b # c');
    expect(decodeMermaidLabel(escapeMermaidLabel('line\nbreak\u0000here'))).toBe('line break here');
    expect(decodeMermaidLabel(escapeMermaidLabel('%%{init: {}}%%'))).toBe('%%{init: {}}%%');
    expect(decodeMermaidLabel(escapeMermaidLabel('emoji 😀 and ünïcödé'))).toBe('emoji 😀 and ünïcödé');
  });

  it('bounds the length, and never leaves a label empty', () => {
    const long = decodeMermaidLabel(escapeMermaidLabel('x'.repeat(10_000)));
    expect([...long]).toHaveLength(MAX_LABEL_LENGTH);
    expect(long.endsWith('…')).toBe(true);
    expect(escapeMermaidLabel('\n\n')).not.toBe('');
  });

  it('keeps plain words readable', () => {
    expect(escapeMermaidLabel('12 tools/call add_numbers')).toBe('12 tools/call add_numbers');
  });
});

describe('toMermaidId', () => {
  it('gives identifiers that are never keywords or syntax', () => {
    expect(toMermaidId('user')).toBe('user');
    expect(toMermaidId('end')).toBe('p_end');
    expect(toMermaidId('auth-server')).toBe('auth_server');
    expect(toMermaidId('1st')).toBe('p_1st');
  });
});
