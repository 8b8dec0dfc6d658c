import { describe, expect, it } from 'vitest';
import { canServerFetchDocument } from './client-metadata-url.ts';

describe('canServerFetchDocument', () => {
  it('offers an https document to any server', () => {
    expect(canServerFetchDocument({ documentUrl: 'https://explorer.example/oauth/client-metadata.json', issuer: 'https://login.example' })).toBe(true);
  });

  it('offers a document on this machine only to a server on this machine', () => {
    expect(canServerFetchDocument({ documentUrl: 'http://127.0.0.1:5173/oauth/client-metadata.json', issuer: 'http://127.0.0.1:5173/oauth' })).toBe(true);
    expect(canServerFetchDocument({ documentUrl: 'http://localhost:5173/oauth/client-metadata.json', issuer: 'http://127.0.0.1:4000' })).toBe(true);
    expect(canServerFetchDocument({ documentUrl: 'http://127.0.0.1:5173/oauth/client-metadata.json', issuer: 'https://login.example' })).toBe(false);
  });

  it('never offers a plain-http document elsewhere, nor a URL it cannot read', () => {
    expect(canServerFetchDocument({ documentUrl: 'http://explorer.example/oauth/client-metadata.json', issuer: 'http://explorer.example/oauth' })).toBe(false);
    expect(canServerFetchDocument({ documentUrl: 'not a url', issuer: 'https://login.example' })).toBe(false);
  });
});
