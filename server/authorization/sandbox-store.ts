import type { SandboxFault } from '../../src/trace/index.ts';

/**
 * The sandbox keeps everything in memory, and bounded: a page or a test that registers
 * clients or asks for tokens in a loop pushes out the oldest entries instead of growing
 * the server (or the Service Worker) without end. Nothing is written anywhere.
 */

export type SandboxLimits = {
  /** Registered clients at most (and as many pending consents, codes, access and refresh tokens each). */
  maxEntries: number;
  /** An authorization code is good for this long (60 s: RFC 6749 §4.1.2 asks for a short life). */
  codeLifetimeMs: number;
  /** An access token is good for this long. */
  accessTokenLifetimeMs: number;
  /** A refresh token is good for this long. */
  refreshTokenLifetimeMs: number;
  /** A consent page is good for this long: the learner reads it, then approves or denies. */
  consentLifetimeMs: number;
};

export const DEFAULT_SANDBOX_LIMITS: SandboxLimits = {
  maxEntries: 500,
  codeLifetimeMs: 60_000,
  accessTokenLifetimeMs: 10 * 60_000,
  refreshTokenLifetimeMs: 24 * 60 * 60_000,
  consentLifetimeMs: 10 * 60_000,
};

export type RegisteredClient = { clientId: string; clientName: string | undefined; redirectUris: string[]; issuedAt: number };

/** What the learner is asked to approve: the checked request, kept here so the form carries only its id. */
export type AuthorizationRequest = {
  fault: SandboxFault | undefined;
  clientId: string;
  clientName: string | undefined;
  redirectUri: string;
  state: string | undefined;
  codeChallenge: string;
  resource: string;
  scopes: string[];
};

export type Grant = { fault: SandboxFault | undefined; clientId: string; resource: string; scopes: string[] };
export type IssuedCode = Grant & { redirectUri: string; codeChallenge: string };

type Expiring<T> = T & { expiresAt: number };

export type SandboxStore = ReturnType<typeof createSandboxStore>;

export function createSandboxStore({ limits, now }: { limits: SandboxLimits; now: () => number }) {
  const clients = createBoundedMap<RegisteredClient>(limits.maxEntries, now);
  const consents = createBoundedMap<AuthorizationRequest>(limits.maxEntries, now);
  const codes = createBoundedMap<IssuedCode>(limits.maxEntries, now);
  const accessTokens = createBoundedMap<Grant>(limits.maxEntries, now);
  const refreshTokens = createBoundedMap<Grant>(limits.maxEntries, now);
  // Clients already given the short token of the missing-scope fault: their next token is whole.
  const shortScopeClients = createBoundedMap<{ at: number }>(limits.maxEntries, now);
  return { limits, now, clients, consents, codes, accessTokens, refreshTokens, shortScopeClients };
}

/** A Map that forgets its oldest entry past `max`, and an entry once its time is up. */
function createBoundedMap<T>(max: number, now: () => number) {
  const entries = new Map<string, Expiring<T>>();
  return {
    set(key: string, value: T, lifetimeMs: number = Number.POSITIVE_INFINITY): void {
      entries.delete(key);
      while (entries.size >= max) {
        const oldest = entries.keys().next();
        if (oldest.done) break;
        entries.delete(oldest.value);
      }
      entries.set(key, { ...value, expiresAt: now() + lifetimeMs });
    },
    /** The entry with its expiry, expired or not: the caller says which error an expired one gets. */
    peek(key: string): Expiring<T> | undefined {
      return entries.get(key);
    },
    /** The entry while it is good; an expired one is forgotten. */
    get(key: string): Expiring<T> | undefined {
      const entry = entries.get(key);
      if (entry && entry.expiresAt <= now()) {
        entries.delete(key);
        return undefined;
      }
      return entry;
    },
    delete(key: string): boolean {
      return entries.delete(key);
    },
    get size(): number {
      return entries.size;
    },
  };
}

/** An opaque random value (codes, tokens, ids): 32 bytes from the platform's CSPRNG, base64url. */
export function createOpaqueValue(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return encodeBase64Url(bytes);
}

export function encodeBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
