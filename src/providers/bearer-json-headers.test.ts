import { describe, expect, it } from 'vitest';
import { buildBearerJsonHeaders } from './bearer-json-headers.ts';

describe('buildBearerJsonHeaders', () => {
  it('sends the key as a bearer token, in the authorization header only', () => {
    expect(buildBearerJsonHeaders({ apiKey: 'sk-test-123' })).toEqual({ 'content-type': 'application/json', authorization: 'Bearer sk-test-123' });
  });

  it('sends no authorization header without a key, or with an empty one', () => {
    expect(buildBearerJsonHeaders({ apiKey: undefined })).toEqual({ 'content-type': 'application/json' });
    expect(buildBearerJsonHeaders({ apiKey: '' })).toEqual({ 'content-type': 'application/json' });
  });
});
