/**
 * What the recorder keeps of a request must never hold a secret: an exported trace, a HAR
 * file or a curl line is shared. The real values still go to the server they are meant for.
 */

const SECRET_HEADERS = new Set([
  'authorization',
  'proxy-authorization',
  'x-api-key',
  'x-goog-api-key',
  'api-key',
  'cookie',
  'set-cookie',
]);
const SECRET_QUERY_PARAMETERS = ['key', 'api_key', 'apikey', 'access_token'];
export const REDACTED = '[redacted]';

export function redactHeaders(headers: Headers): Record<string, string> {
  const recorded: Record<string, string> = {};
  headers.forEach((value, name) => {
    recorded[name] = SECRET_HEADERS.has(name.toLowerCase()) ? REDACTED : value;
  });
  return recorded;
}

export function redactUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  let changed = false;
  for (const name of SECRET_QUERY_PARAMETERS) {
    if (parsed.searchParams.has(name)) {
      parsed.searchParams.set(name, REDACTED);
      changed = true;
    }
  }
  return changed ? parsed.toString() : url;
}
