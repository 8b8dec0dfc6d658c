import { RECORD_ID_PATTERN, SERVER_RECORD_PATH, SERVER_RECORD_QUERY, isSecretHeaderName } from '../../src/trace/index.ts';
import type { ServerRecord, ServerRecordExchange } from '../../src/trace/index.ts';
import { jsonResponse, readBoundedBody } from '../shared/index.ts';

/**
 * Provider-side MCP: the provider's MCP client calls the built-in server, and the host
 * sees none of it. So that the learner can set the provider's report beside what the
 * server itself saw, an MCP endpoint named with `?record=RUN` keeps what it served for that
 * run (each request and its whole answer), and `GET /mcp/record/RUN` gives it back. A run's
 * id is its own random one, so only the host that made it can find its record. All of it
 * lives in memory and is bounded: runs, exchanges per run, bytes per body, and time.
 */

export type RunRecordLimits = {
  /** Runs kept at most; the oldest goes first. */
  maxRuns: number;
  /** Exchanges kept per run; later ones are counted, not kept. */
  maxExchanges: number;
  /** Bytes kept of each body; the rest is cut (and the exchange says so). */
  maxBodyBytes: number;
  /** A record untouched for this long is forgotten. */
  lifetimeMs: number;
};

export const DEFAULT_RUN_RECORD_LIMITS: RunRecordLimits = { maxRuns: 256, maxExchanges: 64, maxBodyBytes: 64 * 1024, lifetimeMs: 10 * 60_000 };

/** Answer headers worth keeping: what says how the answer came and which session it is. */
const KEPT_RESPONSE_HEADERS = ['content-type', 'mcp-session-id', 'mcp-protocol-version', 'allow', 'www-authenticate'];

type Kept = { startedAt: number; touchedAt: number; exchanges: ServerRecordExchange[]; dropped: number; reading: Set<Promise<void>> };

/** A record read while an answer still streams waits this long for it; an answer still open then is marked open. */
const WAIT_FOR_OPEN_ANSWERS_MS = 2_000;

export type RunRecords = {
  /** The run an MCP request names in its query, when it names one the pattern allows. */
  readRunId: (url: URL) => string | undefined;
  /** Serves the request with `serve`, keeping the request and its whole answer under the run. */
  observe: (input: { runId: string; request: Request; serve: (request: Request) => Promise<Response> }) => Promise<Response>;
  /** GET /mcp/record/RUN: the record, or 404 when there is none (never made, or forgotten). */
  handles: (pathname: string) => boolean;
  serveRecord: (request: Request, pathname: string) => Promise<Response>;
};

export function createRunRecords({
  limits = DEFAULT_RUN_RECORD_LIMITS,
  now = () => Date.now(),
}: { limits?: RunRecordLimits; now?: () => number } = {}): RunRecords {
  const runs = new Map<string, Kept>();

  const forgetOld = () => {
    const oldest = now() - limits.lifetimeMs;
    for (const [id, kept] of runs) if (kept.touchedAt < oldest) runs.delete(id);
  };

  const findOrStart = (runId: string): Kept => {
    forgetOld();
    let kept = runs.get(runId);
    if (!kept) {
      // A Map keeps its insertion order: the first key is the oldest run.
      if (runs.size >= limits.maxRuns) runs.delete(runs.keys().next().value!);
      kept = { startedAt: now(), touchedAt: now(), exchanges: [], dropped: 0, reading: new Set() };
      runs.set(runId, kept);
    }
    kept.touchedAt = now();
    return kept;
  };

  return {
    readRunId(url) {
      const value = url.searchParams.get(SERVER_RECORD_QUERY);
      return value !== null && RECORD_ID_PATTERN.test(value) ? value : undefined;
    },
    async observe({ runId, request, serve }) {
      const kept = findOrStart(runId);
      return keepExchange({ kept, at: now() - kept.startedAt, limits, request, serve });
    },
    handles: (pathname) => pathname.startsWith(`${SERVER_RECORD_PATH}/`),
    async serveRecord(request, pathname) {
      if (request.method !== 'GET')
        return jsonResponse(405, { error: `Method ${request.method} is not allowed: GET ${SERVER_RECORD_PATH}/RUN reads a run's record.` }, { allow: 'GET' });
      forgetOld();
      const runId = pathname.slice(SERVER_RECORD_PATH.length + 1);
      const kept = RECORD_ID_PATTERN.test(runId) ? runs.get(runId) : undefined;
      if (!kept) {
        return jsonResponse(404, {
          error: `No record for run ${RECORD_ID_PATTERN.test(runId) ? runId : '(not a run id)'}: the server keeps one only for a run named in an MCP endpoint's ?${SERVER_RECORD_QUERY}= query, for ${limits.lifetimeMs / 60_000} minutes after its last request.`,
        });
      }
      // The provider has its answer before the server's copy of it is read to the end: a moment's wait lets the record catch up.
      if (kept.reading.size > 0) await waitAtMost(Promise.allSettled([...kept.reading]), WAIT_FOR_OPEN_ANSWERS_MS);
      const record: ServerRecord = { run: runId, exchanges: kept.exchanges, dropped: kept.dropped };
      return jsonResponse(200, record, { 'cache-control': 'no-store' });
    },
  };
}

/** Serves the request and keeps it, with its whole answer as the client reads it, under the run (its later exchanges only counted past the bound). */
async function keepExchange({
  kept,
  at,
  limits,
  request,
  serve,
}: {
  kept: Kept;
  at: number;
  limits: RunRecordLimits;
  request: Request;
  serve: (request: Request) => Promise<Response>;
}): Promise<Response> {
  const url = new URL(request.url);
  url.searchParams.delete(SERVER_RECORD_QUERY);
  const requestBody = request.method === 'POST' ? await readBoundedBody(request.clone(), limits.maxBodyBytes) : undefined;
  const response = await serve(request);
  const entry: ServerRecordExchange = {
    at,
    method: request.method,
    path: `${url.pathname}${url.search}`,
    requestHeaders: keepHeaders(request.headers),
    ...(requestBody === undefined ? {} : requestBody.kind === 'text' ? { requestBody: requestBody.text } : { cut: true }),
    status: response.status,
    responseHeaders: keepHeaders(response.headers, KEPT_RESPONSE_HEADERS),
  };
  if (kept.exchanges.length >= limits.maxExchanges) {
    kept.dropped += 1;
    return response;
  }
  kept.exchanges.push(entry);
  if (!response.body) return response;
  // The answer goes on to the client as it comes; a copy is read to its end for the record.
  const [toClient, toRecord] = response.body.tee();
  entry.open = true;
  const reading = new Response(toRecord)
    .text()
    .then(
      (text) => {
        const body = cutBody(text, limits.maxBodyBytes);
        entry.responseBody = body.text;
        if (body.cut) entry.cut = true;
      },
      () => {
        entry.cut = true;
      },
    )
    .finally(() => {
      delete entry.open;
      kept.reading.delete(reading);
    });
  kept.reading.add(reading);
  return new Response(toClient, { status: response.status, statusText: response.statusText, headers: response.headers });
}

function cutBody(text: string, maxBytes: number): { text: string; cut: boolean } {
  const bytes = new TextEncoder().encode(text);
  if (bytes.length <= maxBytes) return { text, cut: false };
  return { text: new TextDecoder().decode(bytes.slice(0, maxBytes)), cut: true };
}

/** Every header, or only those named; a value under a name that may hold a secret is kept as [redacted]. */
function keepHeaders(headers: Headers, only?: readonly string[]): Record<string, string> {
  const kept: Record<string, string> = {};
  headers.forEach((value, name) => {
    if (only && !only.includes(name)) return;
    kept[name] = isSecretHeaderName({ name }) ? '[redacted]' : value;
  });
  return kept;
}

function waitAtMost(promise: Promise<unknown>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  return Promise.race([promise.then(() => {}), timeout]).finally(() => clearTimeout(timer));
}
