import { describe, expect, it } from 'vitest';
import { readBearerChallenge } from './read-challenge.ts';

describe('readBearerChallenge', () => {
  it('reads resource_metadata, scope and error, quoted or not', () => {
    expect(
      readBearerChallenge(
        'Bearer error="insufficient_scope", scope="files:read files:write", resource_metadata="https://mcp.example.com/.well-known/oauth-protected-resource", realm=mcp',
      ),
    ).toMatchObject({
      resourceMetadata: 'https://mcp.example.com/.well-known/oauth-protected-resource',
      scope: ['files:read', 'files:write'],
      error: 'insufficient_scope',
      parameters: { realm: 'mcp' },
    });
  });

  it('reads the Bearer challenge among others, with escaped quotes', () => {
    expect(readBearerChallenge('Basic realm="x", Bearer error_description="say \\"hi\\"", error=invalid_token')).toMatchObject({
      error: 'invalid_token',
      errorDescription: 'say "hi"',
    });
    expect(readBearerChallenge('Basic dXNlcjpwYXNz, Bearer scope="a"')?.scope).toEqual(['a']);
  });

  it('has nothing for no header or no Bearer challenge', () => {
    expect(readBearerChallenge(undefined)).toBeUndefined();
    expect(readBearerChallenge('Basic realm="x"')).toBeUndefined();
    expect(readBearerChallenge('Bearer')).toEqual({ parameters: {} });
  });
});
