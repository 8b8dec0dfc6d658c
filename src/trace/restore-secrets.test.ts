import { describe, expect, it } from 'vitest';
import { restoreSecretsInData } from './restore-secrets.ts';
import { REDACTED, redactSecretsInData } from './secrets.ts';

describe('restoreSecretsInData', () => {
  const token = 'mcp-token-for-the-provider-42';
  const original = { model: 'm', tools: [{ type: 'mcp', authorization: token, headers: { 'X-Key': `Key ${token}` } }], input: 'What is 5 plus 7?' };
  const shown = structuredClone(original);
  redactSecretsInData({ data: shown, secrets: [token] });

  it('sends the secrets a step showed redacted, where the learner left them as shown', () => {
    expect(JSON.stringify(shown)).not.toContain(token);
    expect(restoreSecretsInData({ shown, original, secrets: [token] })).toEqual(original);
  });

  it('sends what the learner changed as they wrote it, the untouched secrets restored', () => {
    const edited = structuredClone(shown) as typeof original;
    edited.input = 'What is 2 plus 2?';
    edited.tools[0]!.headers['X-Key'] = 'Key typed-by-the-learner';
    expect(restoreSecretsInData({ shown: edited, original, secrets: [token] })).toEqual({
      ...original,
      input: 'What is 2 plus 2?',
      tools: [{ ...original.tools[0], headers: { 'X-Key': 'Key typed-by-the-learner' } }],
    });
  });

  it('puts nothing back where the learner moved or removed it', () => {
    const moved = { tools: [{ type: 'mcp' }], note: REDACTED };
    expect(restoreSecretsInData({ shown: moved, original, secrets: [token] })).toEqual(moved);
  });
});
