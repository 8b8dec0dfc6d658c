import { describe, expect, it } from 'vitest';
import { joinProviderUrl } from './join-provider-url.ts';

describe('joinProviderUrl', () => {
  it('appends the path to a plain base URL, with or without a trailing slash', () => {
    expect(joinProviderUrl({ baseUrl: 'https://api.openai.com/v1', path: '/chat/completions' })).toBe('https://api.openai.com/v1/chat/completions');
    expect(joinProviderUrl({ baseUrl: 'http://127.0.0.1:8080/v1//', path: '/chat/completions' })).toBe('http://127.0.0.1:8080/v1/chat/completions');
  });

  it('puts the path before the base URL’s query (Azure’s api-version)', () => {
    const baseUrl = 'https://example.openai.azure.com/openai/deployments/gpt-4o?api-version=2024-10-21';
    expect(joinProviderUrl({ baseUrl, path: '/chat/completions' })).toBe(
      'https://example.openai.azure.com/openai/deployments/gpt-4o/chat/completions?api-version=2024-10-21',
    );
    expect(joinProviderUrl({ baseUrl: 'http://127.0.0.1:1/v1/?api-version=1', path: '/responses' })).toBe('http://127.0.0.1:1/v1/responses?api-version=1');
  });

  it('joins a path’s own query with the base URL’s, and drops a fragment', () => {
    expect(joinProviderUrl({ baseUrl: 'https://g.example/v1beta?key-hint=1#top', path: '/models/m:streamGenerateContent?alt=sse' })).toBe(
      'https://g.example/v1beta/models/m:streamGenerateContent?alt=sse&key-hint=1',
    );
  });
});
