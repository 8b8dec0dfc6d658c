import { REDACTED, redactHeaderRecord, redactUrl as redactUrlBySecretRule } from '../trace/index.ts';

/**
 * What the recorder keeps of a request must never hold a secret: an exported trace, a HAR
 * file or a curl line is shared. The real values still go to the server they are meant for.
 * What counts as a secret is the one registry's (src/trace/secrets.ts); these adapt it to
 * the recorder's Headers and URLs.
 */

export { REDACTED };

/** Headers as the trace keeps them: secret names show the marker, and a known secret value inside another header is redacted too. */
export function redactHeaders(
  headers: Headers,
  { secrets = [], marked = [] }: { secrets?: readonly string[]; marked?: readonly string[] } = {},
): Record<string, string> {
  return redactHeaderRecord({ headers: Object.fromEntries(headers), secrets, marked });
}

export function redactUrl(url: string, secrets: readonly string[] = []): string {
  return redactUrlBySecretRule({ url, secrets });
}
