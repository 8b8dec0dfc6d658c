import { describe, expect, it } from 'vitest';
import { readAppBaseUrl, resolveAppUrl } from './app-base-url.ts';

describe('the app base URL', () => {
  it('puts the built-in server at the origin root when the app is served at /', () => {
    expect(resolveAppUrl('/mcp', 'http://127.0.0.1:3000')).toBe('http://127.0.0.1:3000/mcp');
    expect(resolveAppUrl('/mock/anthropic/v1', 'http://127.0.0.1:3000/')).toBe('http://127.0.0.1:3000/mock/anthropic/v1');
  });

  it('keeps a sub-path, so a copy of the static site under /explorer/ calls /explorer/mcp', () => {
    const base = 'https://example.github.io/explorer/';
    expect(resolveAppUrl('/mcp/sessions?expire-after=1', base)).toBe('https://example.github.io/explorer/mcp/sessions?expire-after=1');
    expect(resolveAppUrl('/mock/gemini/v1beta', base)).toBe('https://example.github.io/explorer/mock/gemini/v1beta');
  });

  it('reads the base from the page URL, dropping the query and the hash', () => {
    // Vitest serves with base '/', as npm start does.
    expect(readAppBaseUrl('http://127.0.0.1:3000/?scenario=sessions#x').href).toBe('http://127.0.0.1:3000/');
  });
});
