import { buildExportFile, type ExportFormatId } from '../../src/export/export-formats.ts';
import type { Trace } from '../../src/trace/index.ts';

export const EXPORT_FLAG_USAGE = `  --har                         print the run's HTTP exchanges as HAR 1.2 (Chrome DevTools, any HAR viewer)
  --otlp                        print the run as OpenTelemetry spans (OTLP/JSON, MCP and GenAI conventions)
  --mermaid                     print the run as a Mermaid sequenceDiagram
  --svg                         print the sequence view as an SVG picture (for slides)
  --otlp-endpoint URL           also send the spans to an OpenTelemetry collector (POST URL/v1/traces)`;

export const EXPORT_FLAG_OPTIONS = {
  har: { type: 'boolean', default: false },
  otlp: { type: 'boolean', default: false },
  mermaid: { type: 'boolean', default: false },
  svg: { type: 'boolean', default: false },
  'otlp-endpoint': { type: 'string' },
} as const;

type ExportFlags = { har: boolean; otlp: boolean; mermaid: boolean; svg: boolean; json: boolean; 'otlp-endpoint'?: string };

/** The one thing to print instead of the text output, or an error saying which flags clash. */
export function readExportChoice(flags: ExportFlags): { format?: ExportFormatId; endpoint?: URL; error?: string } {
  const chosen = (['har', 'otlp', 'mermaid', 'svg'] as const).filter((format) => flags[format]);
  const printed = [...chosen.map((format) => `--${format}`), ...(flags.json ? ['--json'] : [])];
  if (printed.length > 1) return { error: `${printed.join(' and ')} each print the whole run on stdout: choose one (run the command again for another).` };
  let endpoint: URL | undefined;
  if (flags['otlp-endpoint'] !== undefined) {
    try {
      endpoint = new URL(flags['otlp-endpoint']);
    } catch {
      return {
        error: `"${flags['otlp-endpoint']}" is not a URL. Give the collector's base URL, for example http://127.0.0.1:4318 (the spans go to /v1/traces).`,
      };
    }
    if (endpoint.protocol !== 'http:' && endpoint.protocol !== 'https:')
      return { error: `--otlp-endpoint takes an http or https URL, not ${endpoint.protocol}` };
  }
  return { ...(chosen[0] ? { format: chosen[0] } : {}), ...(endpoint ? { endpoint } : {}) };
}

/** OTLP/HTTP's traces path under a collector's base URL; a URL that already names it is used as it is. */
export function toTracesUrl(endpoint: URL): URL {
  if (endpoint.pathname.endsWith('/v1/traces')) return endpoint;
  const url = new URL(endpoint);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/v1/traces`;
  return url;
}

export function printExport({ trace, format }: { trace: Trace; format: ExportFormatId }): void {
  const file = buildExportFile({ trace, format });
  process.stdout.write(file.text);
  for (const warning of file.warnings) console.error(`Export warning: ${warning.message}`);
}

/** Sends the run's spans to a collector; says on stderr what it answered, and whether that is a failure. */
export async function sendToCollector({ trace, endpoint }: { trace: Trace; endpoint: URL }): Promise<boolean> {
  const url = toTracesUrl(endpoint);
  const { text } = buildExportFile({ trace, format: 'otlp' });
  let response: Response;
  try {
    response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: text, signal: AbortSignal.timeout(15_000) });
  } catch (error) {
    const reason = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
    console.error(`The spans were not sent to ${url.href}: ${reason}. Is the collector running and listening for OTLP/HTTP there (usually port 4318)?`);
    return false;
  }
  // The collector's words are quoted: nothing it sends may reach the terminal as a control character.
  const answer = JSON.stringify((await response.text()).slice(0, 500));
  if (!response.ok) {
    console.error(
      `The collector at ${url.href} refused the spans: HTTP ${response.status} ${answer}. Check that it accepts OTLP/HTTP with JSON (application/json).`,
    );
    return false;
  }
  console.error(`Sent the run's spans to ${url.href}: HTTP ${response.status} ${answer}.`);
  return true;
}
