import { TraceSchema, type Trace } from '../trace/trace.ts';
import { REDACTED, collectSecretValues, isSecretHeaderName, redactSecretsInData, redactUrl } from '../trace/secrets.ts';

/**
 * Reads a trace file someone gives the explorer. The file is untrusted: it is checked
 * against the trace schema before anything is shown, and every failure says what is
 * wrong with the file in words a learner can act on. Nothing in it is ever run or
 * rendered as HTML; the view shows its strings as text.
 */

export const MAX_TRACE_FILE_BYTES = 20 * 1024 * 1024;

export type TraceImport = { ok: true; trace: Trace } | { ok: false; error: string };

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

export function parseTraceFile({ text, name = 'The file' }: { text: string; name?: string }): TraceImport {
  if (text.length > MAX_TRACE_FILE_BYTES) {
    return { ok: false, error: `${name} is ${(text.length / 1024 / 1024).toFixed(1)} MB; traces over ${MAX_TRACE_FILE_BYTES / 1024 / 1024} MB are refused. Export a shorter run.` };
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof RangeError ? 'it is nested too deeply to read' : error instanceof Error ? error.message : String(error);
    return { ok: false, error: `${name} is not JSON (${reason}). Choose a trace exported by the explorer or printed by npm run trace -- --json.` };
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    return { ok: false, error: `${name} holds ${describeValue(data)}, not a trace. Choose a trace exported by the explorer.` };
  }
  const format = 'format' in data ? data.format : undefined;
  const version = 'version' in data ? data.version : undefined;
  if (format !== 'mcp-lifecycle-trace') {
    return { ok: false, error: `${name} is JSON but not an MCP Lifecycle Explorer trace (it has no "format": "mcp-lifecycle-trace").` };
  }
  if (version !== 1) {
    return {
      ok: false,
      error: `${name} is a trace of version ${JSON.stringify(version) ?? 'unknown'}; this explorer reads version 1. Open it with the explorer that wrote it, or export it again.`,
    };
  }
  const parsed = TraceSchema.safeParse(data);
  if (!parsed.success) {
    const problems = parsed.error.issues.slice(0, 3).map((issue) => {
      const [first, index, ...rest] = issue.path;
      const where =
        first === 'steps' && typeof index === 'number'
          ? `step ${index + 1}${rest.length ? ` (${rest.join('.')})` : ''}`
          : issue.path.join('.') || 'the trace';
      return `${where}: ${issue.message}`;
    });
    const more = parsed.error.issues.length > 3 ? ` (and ${parsed.error.issues.length - 3} more)` : '';
    return { ok: false, error: `${name} is a damaged trace: ${problems.join('; ')}${more}. Nothing from it was loaded.` };
  }
  return { ok: true, trace: redactImportedSecrets(parsed.data) };
}

/**
 * A file written by hand, or by another tool, may hold a real key under a secret header
 * name or a password in a URL. They are shown redacted, as the recorder would have
 * written them, and so are their values wherever else the file repeats them.
 */
function redactImportedSecrets(trace: Trace): Trace {
  const secrets = collectSecretValues({ url: trace.mcp.url });
  const exchanges = trace.steps.flatMap((step) => (step.http ? [step.http] : []));
  for (const http of exchanges) {
    secrets.push(...collectSecretValues({ headers: http.requestHeaders, url: http.url }));
    if (http.responseHeaders) secrets.push(...collectSecretValues({ headers: http.responseHeaders }));
  }
  trace.mcp.url = redactUrl({ url: trace.mcp.url });
  for (const http of exchanges) {
    http.url = redactUrl({ url: http.url });
    for (const headers of [http.requestHeaders, http.responseHeaders]) {
      for (const name of Object.keys(headers ?? {})) {
        if (headers && isSecretHeaderName({ name })) Object.defineProperty(headers, name, { value: REDACTED, writable: true, enumerable: true, configurable: true });
      }
    }
  }
  redactSecretsInData({ data: trace, secrets });
  return trace;
}

/** The file a learner downloads: the trace as JSON, which holds no API key (the recorder redacts them). */
export function serializeTrace(trace: Trace): string {
  return `${JSON.stringify(trace, null, 2)}\n`;
}

export function traceFileName(trace: Trace): string {
  const stamp = trace.startedAt.replace(/[:.]/g, '-').replace(/Z$/, '');
  return `mcp-trace-${trace.mcp.era}-${trace.model.wire}-${stamp}.json`;
}
