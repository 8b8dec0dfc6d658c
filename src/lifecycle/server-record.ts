import { describeSeenAnswer, describeSeenRequest, nameMessage, readJsonField } from '../content/index.ts';
import { recordExchange } from '../mcp/index.ts';
import { splitStreamText } from '../providers/index.ts';
import { SERVER_RECORD_QUERY, ServerRecordSchema, type ServerRecordExchange } from '../trace/index.ts';
import type { Phase, Step } from '../trace/index.ts';
import type { RunSlice } from './run-context.ts';
import { snapshotExchange } from './trace-writer.ts';

/** What reading the built-in server's record needs: the network, the gate and the secrets. */
export type ServerRecordContext = RunSlice<'writer' | 'hostStep' | 'trace' | 'signal' | 'secrets' | 'timeouts', 'fetch', 'phase'>;

/**
 * Provider-side MCP, the server's side of the story. The host hands the provider the
 * built-in server's URL with the run named in it (?record=RUN), so the server keeps what
 * it served; after each reply of the provider the host asks for that record with a plain
 * GET (a real exchange, a step of its own) and shows each message the server received and
 * sent, labelled as seen by the server: never as seen by the host, which saw none of them.
 */

export type ServerRecordReader = {
  runId: string;
  /** …/mcp/record: the record is at RECORD_URL/RUN. */
  recordUrl: string;
  /** How many of the record's exchanges are shown already: each read shows the new ones. */
  shown: number;
};

/** The server URL as the provider is given it: the learner's, naming the run the server keeps its record under. */
export function nameRunInServerUrl({ url, runId }: { url: string; runId: string }): string {
  const named = new URL(url);
  named.searchParams.set(SERVER_RECORD_QUERY, runId);
  return named.href;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The JSON-RPC messages of a body: one, a batch, or the data of each event of a stream. */
function readMessages({ text, contentType }: { text: string | undefined; contentType: string | undefined }): unknown[] {
  if (text === undefined || text.trim() === '') return [];
  if (contentType?.includes('text/event-stream'))
    return splitStreamText({ text, framing: 'sse' }).flatMap((frame) => (frame.data.trim() === '' ? [] : [parseJson(frame.data) ?? frame.data]));
  const parsed = parseJson(text);
  return Array.isArray(parsed) ? parsed : [parsed ?? text];
}

function phaseOf(message: unknown, fallback: Phase): Phase {
  const named = nameMessage(message) ?? '';
  if (named.startsWith('tools/call') || named.startsWith('notifications/progress')) return 'execution';
  if (named === 'initialize' || named.startsWith('notifications/initialized') || named === 'tools/list') return 'discovery';
  return fallback;
}

/** The steps of one exchange the server kept: what it received, then what it sent back. */
function appendSeenExchange(context: ServerRecordContext, { exchange, fetchedAt }: { exchange: ServerRecordExchange; fetchedAt: Step }): void {
  // An answer on the stream of a POST answers a request of that POST: ids start again with each connection.
  const methods = new Map<string, string>();
  const note = `From the built-in server’s own record of this run (read at step ${fetchedAt.n}); it reached the server ${exchange.at} ms after the run’s first request there. The host never saw this message.`;
  const received = readMessages({ text: exchange.requestBody, contentType: exchange.requestHeaders['content-type'] });
  // Every message of one exchange belongs to the phase of what was asked (a stream's GET to discovery, with the handshake).
  const phase = phaseOf(received[0], 'discovery');
  if (received.length === 0) {
    context.writer.append('server.seen.request', {
      payload: { method: exchange.method, path: exchange.path },
      title: describeSeenRequest({ message: undefined, httpMethod: exchange.method, path: exchange.path }),
      note,
      phase,
    });
  }
  for (const message of received) {
    const id = readJsonField(message, 'id');
    const named = nameMessage(message);
    if ((typeof id === 'string' || typeof id === 'number') && named !== undefined) methods.set(String(id), named);
    context.writer.append('server.seen.request', {
      payload: message,
      title: describeSeenRequest({ message, httpMethod: exchange.method, path: exchange.path }),
      note,
      phase,
    });
  }
  const sent = readMessages({ text: exchange.responseBody, contentType: exchange.responseHeaders['content-type'] });
  if (sent.length === 0) {
    context.writer.append('server.seen.response', {
      payload: { status: exchange.status },
      title: describeSeenAnswer({ message: undefined, answering: undefined, status: exchange.status }),
      note,
      phase,
    });
  }
  for (const message of sent) {
    const notification = readJsonField(message, 'method') !== undefined && readJsonField(message, 'id') === undefined;
    const id = readJsonField(message, 'id');
    const answering = typeof id === 'string' || typeof id === 'number' ? methods.get(String(id)) : undefined;
    context.writer.append(notification ? 'server.seen.notification' : 'server.seen.response', {
      payload: message,
      title: describeSeenAnswer({ message, answering, status: exchange.status }),
      note: exchange.cut ? `${note} The server kept only the first part of this answer.` : note,
      phase,
    });
  }
}

/**
 * Reads the server's record (a GET, gated like every message the host sends) and shows what
 * is new in it. A record that cannot be read leaves a note and the run goes on: the
 * provider's report stands without it.
 */
export async function showServerRecord(context: ServerRecordContext, reader: ServerRecordReader): Promise<void> {
  const url = `${reader.recordUrl}/${reader.runId}`;
  const step = await context.hostStep('host.fetch-server-record', {
    payload: { method: 'GET', url },
    phase: context.trace.steps.at(-1)?.phase ?? context.state.phase,
  });
  const unread = (why: string) => context.writer.update(step, { note: `The record could not be read: ${why}. What the provider reported stands without it.` });
  let text: string;
  try {
    const answer = await recordExchange(
      url,
      { method: 'GET', headers: { accept: 'application/json' }, signal: context.signal },
      {
        fetch: context.options.fetch,
        secrets: context.secrets,
        timeoutMs: context.timeouts.mcpRequestMs,
        listener: (event) => context.writer.update(step, { http: snapshotExchange(event.exchange) }),
      },
    );
    text = answer.kind === 'read' ? answer.text : await answer.response.text();
    if (answer.kind === 'read' && !answer.ok) return unread(`the server answered HTTP ${answer.status}`);
  } catch (error) {
    if (context.signal.aborted) throw error;
    return unread(error instanceof Error ? error.message : String(error));
  }
  const record = ServerRecordSchema.safeParse(parseJson(text));
  if (!record.success) return unread(`it is not a record: ${record.error.issues[0]?.message ?? 'unexpected shape'}`);
  const fresh = record.data.exchanges.slice(reader.shown);
  context.writer.update(step, {
    payload: {
      method: 'GET',
      url,
      exchanges: record.data.exchanges.length,
      new: fresh.length,
      ...(record.data.dropped > 0 ? { dropped: record.data.dropped } : {}),
    },
  });
  reader.shown = record.data.exchanges.length;
  for (const exchange of fresh) appendSeenExchange(context, { exchange, fetchedAt: step });
}
