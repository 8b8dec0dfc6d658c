import type { HttpExchange } from '../trace/trace.ts';
import { REDACTED } from './redact-secrets.ts';

function quote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/**
 * A curl command that sends the same request again from a terminal. Secrets were never
 * recorded, so a redacted header reads the key from $API_KEY instead; event streams are
 * printed as they arrive (-N).
 */
export function formatCurl({ http }: { http: HttpExchange }): string {
  const lines = [`curl -X ${http.method} ${quote(http.url)}`];
  let needsKey = false;
  for (const [name, value] of Object.entries(http.requestHeaders)) {
    if (value.includes(REDACTED)) {
      needsKey = true;
      // Authorization carries a scheme before the key; the other key headers carry the key alone.
      const key = name.toLowerCase() === 'authorization' ? 'Bearer $API_KEY' : '$API_KEY';
      lines.push(`-H "${name}: ${value.replace(REDACTED, key)}"`);
    } else {
      lines.push(`-H ${quote(`${name}: ${value}`)}`);
    }
  }
  if (http.requestBody !== undefined && http.requestBody !== '') lines.push(`--data-raw ${quote(http.requestBody)}`);
  if ((http.requestHeaders.accept ?? '').includes('text/event-stream')) lines.push('-N');
  const command = lines.join(' \\\n  ');
  return needsKey ? `# The key was not recorded: set API_KEY first.\n${command}` : command;
}
