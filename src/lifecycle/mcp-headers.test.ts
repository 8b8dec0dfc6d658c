import { describe, expect, it } from 'vitest';
import { checkMcpHeaders, isSecretMcpHeader, listMcpHeaderSecrets, parseHeaderLine, toHeaderRecord } from './mcp-headers.ts';

const TOKEN = 'tok_4f9a1c77e2b84d05';

describe('parseHeaderLine', () => {
  it('reads "Name: value" as curl spells it, the value keeping its own colons', () => {
    expect(parseHeaderLine(`Authorization: Bearer ${TOKEN}`)).toEqual({ header: { name: 'Authorization', value: `Bearer ${TOKEN}` } });
    expect(parseHeaderLine('X-Trace: a:b:c')).toEqual({ header: { name: 'X-Trace', value: 'a:b:c' } });
  });

  it('refuses a line without a name, and does not repeat it (it may be a token pasted alone)', () => {
    const parsed = parseHeaderLine(TOKEN);
    expect('error' in parsed && parsed.error).toContain('"Name: value"');
    expect(JSON.stringify(parsed)).not.toContain(TOKEN.slice(0, 6));
  });
});

describe('checkMcpHeaders', () => {
  it('accepts ordinary headers', () => {
    expect(
      checkMcpHeaders([
        { name: 'Authorization', value: `Bearer ${TOKEN}` },
        { name: 'X-Team', value: 'blue' },
      ]),
    ).toEqual([]);
  });

  it('refuses the headers the MCP client writes itself, a bad name, a line break, a character beyond Latin-1, a control character and a name given twice', () => {
    const problems = checkMcpHeaders([
      { name: 'Mcp-Session-Id', value: 'x' },
      { name: 'Bad Name', value: 'x' },
      { name: 'X-Value', value: `a\r\nInjected: ${TOKEN}` },
      { name: 'X-Pasted', value: `Bearer ${TOKEN}…` },
      { name: 'X-Control', value: `${TOKEN}\u0001` },
      { name: 'X-Team', value: 'a' },
      { name: 'x-team', value: 'b' },
    ]);
    expect(problems).toHaveLength(6);
    expect(problems).toContain(
      'The value of X-Pasted holds a character beyond Latin-1 (U+2026) at character 28: a header carries one byte per character, so it cannot be sent (a pasted “…”, curly quote or invisible space is the usual cause).',
    );
    expect(problems.join(' ')).not.toContain(TOKEN);
  });
});

describe('the secrets of the headers', () => {
  it('are the values of secret names, of *-key and *-token names, and of the ones the learner marked', () => {
    expect(isSecretMcpHeader({ name: 'Authorization', value: 'x' })).toBe(true);
    expect(isSecretMcpHeader({ name: 'Cookie', value: 'x' })).toBe(true);
    expect(isSecretMcpHeader({ name: 'X-Api-Key', value: 'x' })).toBe(true);
    expect(isSecretMcpHeader({ name: 'X-Mcp-Token', value: 'x' })).toBe(true);
    expect(isSecretMcpHeader({ name: 'X-Tenant', value: 'x', secret: true })).toBe(true);
    expect(isSecretMcpHeader({ name: 'X-Team', value: 'blue' })).toBe(false);
  });

  it('include a bearer token alone, so that an echo of it is found too', () => {
    const secrets = listMcpHeaderSecrets([
      { name: 'Authorization', value: `Bearer ${TOKEN}` },
      { name: 'X-Tenant', value: 'tenant-secret-77', secret: true },
      { name: 'X-Team', value: 'blue-team-name' },
    ]);
    expect(secrets).toEqual(expect.arrayContaining([`Bearer ${TOKEN}`, TOKEN, 'tenant-secret-77']));
    expect(secrets).not.toContain('blue-team-name');
  });

  it('go to the fetch as written, names and values trimmed', () => {
    expect(toHeaderRecord([{ name: ' Authorization ', value: ` Bearer ${TOKEN} ` }])).toEqual({ Authorization: `Bearer ${TOKEN}` });
  });
});
