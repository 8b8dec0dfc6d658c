import type { FieldChange, HttpExchange, SseFrame, Trace, Warning } from '../trace/index.ts';
import { collectExchanges, readHeader, readRunStart, type TracedExchange } from './collect-exchanges.ts';
import { EXPORT_CREATOR } from './export-creator.ts';

type HarHeader = { name: string; value: string };
type HarContent = { size: number; mimeType: string; text?: string };

export type HarEntry = {
  pageref: string;
  startedDateTime: string;
  time: number;
  request: {
    method: string;
    url: string;
    httpVersion: string;
    cookies: [];
    headers: HarHeader[];
    queryString: HarHeader[];
    postData?: { mimeType: string; text: string };
    headersSize: -1;
    bodySize: number;
  };
  response: {
    status: number;
    statusText: string;
    httpVersion: string;
    cookies: [];
    headers: HarHeader[];
    content: HarContent;
    redirectURL: string;
    headersSize: -1;
    bodySize: number;
    _error?: string;
  };
  cache: Record<string, never>;
  timings: { blocked: -1; dns: -1; connect: -1; ssl: -1; send: number; wait: number; receive: number };
  comment: string;
  _resourceType: 'fetch';
};

type HarPage = { startedDateTime: string; id: string; title: string; pageTimings: Record<string, never> };

export type Har = { log: { version: '1.2'; creator: { name: string; version: string }; pages: HarPage[]; entries: HarEntry[]; comment: string } };

/** Every entry belongs to the one run; some viewers group entries by page and show none without one. */
const PAGE_ID = 'run';

const encoder = new TextEncoder();
const byteLength = (text: string) => encoder.encode(text).length;

const toHeaders = (headers: Record<string, string> | undefined): HarHeader[] => Object.entries(headers ?? {}).map(([name, value]) => ({ name, value }));

function readQueryString(url: string): HarHeader[] {
  try {
    return [...new URL(url).searchParams].map(([name, value]) => ({ name, value }));
  } catch {
    return [];
  }
}

const LINE_BREAK = /\r\n|\r|\n/;

/**
 * An event stream written back as its wire text, which is where Chrome DevTools reads one
 * from a HAR. A line break in an imported frame's event or id would start a field of its
 * own, so those are joined with spaces; data lines are split as a stream splits them.
 */
export function formatEventStream(frames: SseFrame[]): string {
  return frames
    .map((frame) => {
      const lines = [];
      if (frame.event !== undefined) lines.push(`event: ${frame.event.split(LINE_BREAK).join(' ')}`);
      if (frame.id !== undefined) lines.push(`id: ${frame.id.split(LINE_BREAK).join(' ')}`);
      for (const line of frame.data.split(LINE_BREAK)) lines.push(`data: ${line}`);
      return `${lines.join('\n')}\n\n`;
    })
    .join('');
}

function readResponseContent(http: HttpExchange): HarContent {
  const mimeType = readHeader(http.responseHeaders, 'content-type') ?? '';
  const text = http.sse ? formatEventStream(http.sse) : http.responseBody;
  if (text === undefined) return { size: 0, mimeType };
  return { size: byteLength(text), mimeType: http.sse && mimeType === '' ? 'text/event-stream' : mimeType, text };
}

/** Time to the first byte is known for a stream (its first frame); for a whole body it is the whole wait. */
function readTimings(exchange: TracedExchange): HarEntry['timings'] {
  const total = exchange.durationMs;
  const firstFrame = exchange.http.sse?.[0]?.at;
  const wait = firstFrame === undefined ? total : Math.min(total, Math.max(0, firstFrame));
  return { blocked: -1, dns: -1, connect: -1, ssl: -1, send: 0, wait, receive: total - wait };
}

function formatEntry({ exchange, runStartMs }: { exchange: TracedExchange; runStartMs: number }): HarEntry {
  const { http } = exchange;
  const requestType = readHeader(http.requestHeaders, 'content-type') ?? '';
  const content = readResponseContent(http);
  const stepList = exchange.steps.map((step) => `${step.n} ${step.id}`).join(', ');
  return {
    pageref: PAGE_ID,
    startedDateTime: new Date(runStartMs + exchange.startMs).toISOString(),
    time: exchange.durationMs,
    request: {
      method: http.method,
      url: http.url,
      // fetch does not say which HTTP version carried an exchange.
      httpVersion: '',
      // Cookies are secrets: the recorder redacts the Cookie header, so there are none to list.
      cookies: [],
      headers: toHeaders(http.requestHeaders),
      queryString: readQueryString(http.url),
      ...(http.requestBody !== undefined && http.requestBody !== '' ? { postData: { mimeType: requestType, text: http.requestBody } } : {}),
      headersSize: -1,
      bodySize: http.requestBody === undefined ? 0 : byteLength(http.requestBody),
    },
    response: {
      status: http.status ?? 0,
      statusText: http.statusText ?? '',
      httpVersion: '',
      cookies: [],
      headers: toHeaders(http.responseHeaders),
      content,
      redirectURL: readHeader(http.responseHeaders, 'location') ?? '',
      headersSize: -1,
      bodySize: http.status === undefined ? -1 : content.size,
      ...(http.error !== undefined ? { _error: http.error } : {}),
    },
    cache: {},
    timings: readTimings(exchange),
    comment: `${exchange.kind === 'provider' ? 'Model' : exchange.kind === 'mcp' ? 'MCP' : 'HTTP'} exchange of steps ${stepList}`,
    _resourceType: 'fetch',
  };
}

/**
 * The run's HTTP exchanges (MCP and model) as a HAR 1.2 log, for Chrome DevTools and any
 * HAR viewer. Headers are written as the recorder kept them: secrets were redacted before
 * they reached the trace, and nothing here can bring them back.
 */
export function formatHar({ trace }: { trace: Trace }): { result: Har; warnings: Warning[]; changes: FieldChange[] } {
  const start = readRunStart({ trace, dated: 'the entries' });
  const warnings: Warning[] = [...start.warnings];
  const exchanges = collectExchanges({ trace });
  const entries = exchanges.map((exchange) => formatEntry({ exchange, runStartMs: start.epochMs }));
  exchanges.forEach((exchange, index) => {
    if (exchange.http.status === undefined) {
      warnings.push({
        code: 'no-answer',
        message: `${exchange.http.method} ${exchange.http.url} has no answer (${exchange.http.error ?? 'the run ended first'}): its status is written as 0.`,
        path: `log.entries[${index}].response.status`,
      });
    }
  });
  const changes: FieldChange[] = [
    { kind: 'moved', from: 'steps[].http', to: 'log.entries[]', note: 'one entry per exchange, however many steps it carried' },
    {
      kind: 'moved',
      from: 'http.sse',
      to: 'response.content.text',
      note: 'HAR has no field for a stream: the frames are written as event-stream text, as Chrome DevTools saves one',
    },
    { kind: 'dropped', from: 'http.sse[].at', note: 'frame arrival times have no place in HAR; the first frame gives timings.wait' },
  ];
  const comment = `MCP Lifecycle Explorer run of "${trace.question}" (${trace.status}); model ${trace.model.kind} ${trace.model.wire}; secrets redacted as recorded.`;
  const page: HarPage = { startedDateTime: new Date(start.epochMs).toISOString(), id: PAGE_ID, title: `MCP lifecycle: ${trace.question}`, pageTimings: {} };
  return { result: { log: { version: '1.2', creator: { ...EXPORT_CREATOR }, pages: [page], entries, comment } }, warnings, changes };
}
