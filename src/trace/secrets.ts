/**
 * The one secret rule: which recorded text is a secret, and how it is redacted. The
 * recorder, the curl formatter and the trace importer all ask this file, so a header
 * name or a query parameter is secret in every place or in none. Pure: no Node, no DOM.
 */

export const REDACTED = '[redacted]';

/** Headers whose whole value is a credential. */
const SECRET_HEADER_NAMES = new Set(['authorization', 'proxy-authorization', 'cookie', 'set-cookie', 'x-api-key', 'x-goog-api-key', 'api-key']);
/** Any header named like these carries a key or a token (`x-mcp-token`, `openai-api-key`). */
const SECRET_HEADER_SUFFIXES = ['-key', '-token', '-secret'];

/** Query parameters that carry keys and tokens; Gemini, for one, accepts `?key=`. */
const SECRET_QUERY_PARAMETERS = new Set([
  'key',
  'api_key',
  'apikey',
  'api-key',
  'access_token',
  'refresh_token',
  'id_token',
  'token',
  'client_secret',
  'client_assertion',
  'assertion',
  'subject_token',
  'code',
  'code_verifier',
  'password',
  'secret',
  'sig',
  'signature',
]);

/**
 * Shorter values are not redacted by value: a secret of a few characters would also
 * match ordinary words and numbers everywhere in a trace, and no real key is that short.
 * A header under a secret name is still redacted whatever its length.
 */
export const MIN_SECRET_VALUE_LENGTH = 8;

export function isSecretHeaderName({ name, marked = [] }: { name: string; marked?: readonly string[] }): boolean {
  const lower = name.toLowerCase();
  if (SECRET_HEADER_NAMES.has(lower)) return true;
  if (SECRET_HEADER_SUFFIXES.some((suffix) => lower.endsWith(suffix))) return true;
  return marked.some((entry) => entry.toLowerCase() === lower);
}

export function isSecretQueryParameter(name: string): boolean {
  return SECRET_QUERY_PARAMETERS.has(name.toLowerCase());
}

/**
 * The credentials inside one secret header value: the whole value, the part after an
 * auth scheme (`Bearer sk-…` → `sk-…`) and each cookie's value, so that an echo of any
 * of them is found.
 */
function credentialsInHeaderValue(value: string): string[] {
  const found = [value.trim()];
  const scheme = /^[A-Za-z][\w.+-]*\s+(\S.*)$/.exec(value.trim());
  if (scheme) found.push(scheme[1]!.trim());
  for (const pair of value.split(';')) {
    const equals = pair.indexOf('=');
    if (equals > 0) found.push(pair.slice(equals + 1).trim());
  }
  return found;
}

/** The secrets a request carries: its secret headers' values, its URL's password and secret query values. */
export function collectSecretValues({
  headers = {},
  url,
  marked = [],
}: {
  headers?: Record<string, string>;
  url?: string;
  marked?: readonly string[];
}): string[] {
  const found: string[] = [];
  for (const [name, value] of Object.entries(headers)) {
    if (isSecretHeaderName({ name, marked })) found.push(...credentialsInHeaderValue(value));
  }
  if (url !== undefined) found.push(...collectUrlSecrets(url));
  return keepRedactable(found);
}

function collectUrlSecrets(url: string): string[] {
  const parsed = parseUserInfoOrQuery(url);
  if (!parsed) return [];
  const found: string[] = [];
  const credential = parsed.password || parsed.username;
  if (credential) found.push(credential, safeDecode(credential));
  for (const [name, value] of parsed.searchParams) if (isSecretQueryParameter(name)) found.push(value);
  return found;
}

/** Distinct values long enough to redact, longest first so that a key is not half-replaced by a shorter one inside it. */
function keepRedactable(values: string[]): string[] {
  const distinct = new Set(values.filter((value) => value.length >= MIN_SECRET_VALUE_LENGTH && value !== REDACTED));
  return [...distinct].sort((left, right) => right.length - left.length);
}

/**
 * Every secret value, also as it is written inside a JSON string, inside a URL, and in a
 * form body (an OAuth token request): the form encoding writes `~ ! ' ( )` and the space
 * differently from encodeURIComponent, so a PKCE verifier with a `~` needs its own spelling.
 */
function spellingsOf(secrets: readonly string[]): string[] {
  const spellings: string[] = [];
  for (const secret of secrets) {
    spellings.push(secret, JSON.stringify(secret).slice(1, -1), encodeURIComponent(secret), new URLSearchParams({ v: secret }).toString().slice(2));
  }
  return keepRedactable(spellings);
}

/** The text with every occurrence of every known secret value replaced by the marker. */
export function redactSecretValues({ text, secrets }: { text: string; secrets: readonly string[] }): string {
  return createSecretRedactor(secrets)(text);
}

/**
 * redactSecretValues for many texts with the same secrets: a recorded exchange redacts
 * every header, frame and body with its own, and the spellings are worked out once. With
 * no secrets the text comes back as it is, with nothing built for it.
 */
export function createSecretRedactor(secrets: readonly string[]): (text: string) => string {
  if (secrets.length === 0) return returnUnchanged;
  const spellings = spellingsOf(secrets);
  return (text) => {
    let redacted = text;
    for (const spelling of spellings) {
      if (redacted.includes(spelling)) redacted = redacted.split(spelling).join(REDACTED);
    }
    return redacted;
  };
}

function returnUnchanged(text: string): string {
  return text;
}

/** Headers as recorded: secret names show the marker, other values lose any known secret they hold. */
export function redactHeaderRecord({
  headers,
  secrets = [],
  marked = [],
}: {
  headers: Record<string, string>;
  secrets?: readonly string[];
  marked?: readonly string[];
}): Record<string, string> {
  const recorded: Record<string, string> = {};
  const redact = createSecretRedactor(secrets);
  for (const [name, value] of Object.entries(headers)) {
    recorded[name] = isSecretHeaderName({ name, marked }) ? REDACTED : redact(value);
  }
  return recorded;
}

/**
 * A URL as recorded: its password (`user:pw@` → `user:[redacted]@`), a lone user
 * name (often a token) and its secret query parameters show the marker. Text that is not a URL only loses known secrets.
 */
export function redactUrl({ url, secrets = [] }: { url: string; secrets?: readonly string[] }): string {
  const parsed = parseUserInfoOrQuery(url);
  if (!parsed) return redactSecretValues({ text: url, secrets });
  let changed = false;
  if (parsed.password) {
    parsed.password = REDACTED;
    changed = true;
  } else if (parsed.username) {
    // A token alone before the @ is a common way to pass one (https://TOKEN@host/…).
    parsed.username = REDACTED;
    changed = true;
  }
  for (const name of new Set(parsed.searchParams.keys())) {
    if (isSecretQueryParameter(name)) {
      parsed.searchParams.set(name, REDACTED);
      changed = true;
    }
  }
  // The URL class writes the marker's brackets percent-encoded; the marker reads better as itself.
  const written = changed ? parsed.toString().replaceAll(encodeURIComponent(REDACTED), REDACTED) : url;
  return redactSecretValues({ text: written, secrets });
}

/**
 * The URL parsed, when it may hold a user name, a password or a query: the parser makes
 * those only from an '@' or a '?' in the text. Every recorded request asks, and most
 * addresses (an MCP endpoint, a provider's path) have neither, so they are not parsed.
 */
function parseUserInfoOrQuery(url: string): URL | undefined {
  if (!url.includes('@') && !url.includes('?')) return undefined;
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * Replaces known secret values in every string of parsed JSON, in place. The walk keeps
 * its own stack instead of recursing: an untrusted file may nest deeper than the call
 * stack allows.
 */
export function redactSecretsInData({ data, secrets }: { data: unknown; secrets: readonly string[] }): void {
  if (secrets.length === 0) return;
  const redact = createSecretRedactor(secrets);
  const pending: unknown[] = [data];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value !== 'object' || value === null) continue;
    const entries: [string | number, unknown][] = Array.isArray(value) ? value.map((item, index) => [index, item]) : Object.entries(value);
    for (const [key, item] of entries) {
      if (typeof item === 'string') {
        const redacted = redact(item);
        if (redacted !== item) Object.defineProperty(value, key, { value: redacted, writable: true, enumerable: true, configurable: true });
      } else if (typeof item === 'object' && item !== null) {
        pending.push(item);
      }
    }
  }
}
