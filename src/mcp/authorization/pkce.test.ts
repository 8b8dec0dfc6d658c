import { describe, expect, it } from 'vitest';
import { computeCodeChallenge, createCodeVerifier, createState } from './pkce.ts';

describe('PKCE S256 and state', () => {
  it('gives the challenge of RFC 7636 Appendix B for its verifier', async () => {
    expect(await computeCodeChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
  });

  it('makes verifiers of 43 unreserved characters, different each time', () => {
    const verifiers = new Set(Array.from({ length: 20 }, () => createCodeVerifier()));
    expect(verifiers.size).toBe(20);
    for (const verifier of verifiers) expect(verifier).toMatch(/^[A-Za-z0-9._~-]{43}$/);
  });

  it('makes a fresh state each time, safe in a URL as it is', () => {
    const state = createState();
    expect(state).not.toBe(createState());
    expect(encodeURIComponent(state)).toBe(state);
    expect(state.length).toBeGreaterThanOrEqual(32);
  });
});
