import {
  isStepId,
  TraceSchema,
  type Trace,
  DEPTH_CUT_MARKER,
  MAX_NESTING_DEPTH,
  cutDeepValue,
  isNestedDeeperThan,
  REDACTED,
  collectSecretValues,
  isSecretHeaderName,
  redactSecretsInData,
  redactUrl,
} from '../trace/index.ts';

/**
 * Reads a trace file someone gives the explorer. The file is untrusted: it is checked
 * against the trace schema before anything is shown, and every failure says what is
 * wrong with the file in words a learner can act on. Nothing in it is ever run or
 * rendered as HTML; the view shows its strings as text.
 */

export const MAX_TRACE_FILE_BYTES = 20 * 1024 * 1024;

/** `cut` says, when the file nested deeper than the bound, that and where it was cut. */
export type TraceImport = { ok: true; trace: Trace; cut?: string } | { ok: false; error: string };

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

export function parseTraceFile({ text, name = 'The file' }: { text: string; name?: string }): TraceImport {
  if (text.length > MAX_TRACE_FILE_BYTES) {
    return {
      ok: false,
      error: `${name} is ${(text.length / 1024 / 1024).toFixed(1)} MB; traces over ${MAX_TRACE_FILE_BYTES / 1024 / 1024} MB are refused. Export a shorter run.`,
    };
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof RangeError ? 'it is nested too deeply to read' : error instanceof Error ? error.message : String(error);
    return { ok: false, error: `${name} is not JSON (${reason}). Choose a trace exported by the explorer or printed by npm run trace -- --json.` };
  }
  // Every view, the export and the CLI walk this data: nesting past the bound is cut here, once, with a marker where it was.
  const tooDeep = isNestedDeeperThan(data, MAX_NESTING_DEPTH);
  if (tooDeep) data = cutDeepValue(data).value;
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
        first === 'steps' && typeof index === 'number' ? `step ${index + 1}${rest.length ? ` (${rest.join('.')})` : ''}` : issue.path.join('.') || 'the trace';
      return `${where}: ${issue.message}`;
    });
    const more = parsed.error.issues.length > 3 ? ` (and ${parsed.error.issues.length - 3} more)` : '';
    return { ok: false, error: `${name} is a damaged trace: ${problems.join('; ')}${more}. Nothing from it was loaded.` };
  }
  const unknown = findUnknownStep(parsed.data);
  if (unknown) {
    return {
      ok: false,
      error: `${name} is not a trace this explorer can show: step ${unknown.index + 1} has the id ${JSON.stringify(unknown.id)}, which is not one of its steps. Nothing from it was loaded. Open it with the explorer that wrote it, or export the run again.`,
    };
  }
  const trace = redactImportedSecrets(parsed.data);
  if (!tooDeep) return { ok: true, trace };
  return { ok: true, trace, cut: `${name} nests its data more than ${MAX_NESTING_DEPTH} levels deep: the deeper parts read "${DEPTH_CUT_MARKER}".` };
}

/**
 * The views look steps up by id; an id the step table does not own (a typo, a newer
 * explorer's step, or `__proto__`, which a plain object answers with its prototype) is
 * refused here rather than shown half-explained.
 */
function findUnknownStep(trace: Trace): { index: number; id: string } | undefined {
  const index = trace.steps.findIndex((step) => !isStepId(step.id));
  return index === -1 ? undefined : { index, id: trace.steps[index]!.id };
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
        if (headers && isSecretHeaderName({ name }))
          Object.defineProperty(headers, name, { value: REDACTED, writable: true, enumerable: true, configurable: true });
      }
    }
  }
  redactSecretsInData({ data: trace, secrets });
  return trace;
}

/** The file a learner downloads: the trace as JSON, which holds no API key (the recorder redacts them). */
export function serializeTrace(trace: Trace): string {
  // A learner's own edit can still nest past what JSON.stringify's recursion survives: cut it rather than fail to export.
  const safe = isTooDeep(trace) ? cutDeepValue(trace).value : trace;
  return `${JSON.stringify(safe, null, 2)}\n`;
}

/** Whether any value in the trace nests past the bound (a loop, not recursion). */
function isTooDeep(trace: Trace): boolean {
  const pending: { value: unknown; depth: number }[] = [{ value: trace, depth: 0 }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    if (typeof next.value !== 'object' || next.value === null) continue;
    if (next.depth > MAX_NESTING_DEPTH) return true;
    for (const child of Object.values(next.value)) pending.push({ value: child, depth: next.depth + 1 });
  }
  return false;
}

export function traceFileName(trace: Trace): string {
  const stamp = trace.startedAt.replace(/[:.]/g, '-').replace(/Z$/, '');
  return `mcp-trace-${trace.mcp.era}-${trace.model.wire}-${stamp}.json`;
}
