import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import { readServerSentEvents } from './read-server-sent-events.ts';

/** Raw MCP over HTTP for tests that look at status codes and headers, not only at results. */

export const LEGACY_HEADERS = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  'mcp-protocol-version': '2025-11-25',
};

export const INITIALIZE = {
  jsonrpc: '2.0',
  id: 0,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw-http-test', version: '1.0.0' } },
};
export const INITIALIZED = { jsonrpc: '2.0', method: 'notifications/initialized' };

export type JsonRpcMessage = {
  id?: number | string | null;
  method?: string;
  result?: Record<string, unknown>;
  error?: { code: number; message: string };
  params?: Record<string, unknown>;
};
export type McpExchange = { status: number; headers: Headers; messages: JsonRpcMessage[] };

/** One POST; the JSON-RPC messages of the answer, whether it came as JSON or as SSE. */
export async function postMcp(url: string, body: unknown, headers: Record<string, string> = {}): Promise<McpExchange> {
  const response = await fetch(url, { method: 'POST', headers: { ...LEGACY_HEADERS, ...headers }, body: JSON.stringify(body) });
  return { status: response.status, headers: response.headers, messages: readMessages(await response.text()) };
}

export function readMessages(text: string): JsonRpcMessage[] {
  if (text.trim() === '') return [];
  // An SSE body begins with a field or a comment; a resumable stream's with its priming event's id.
  if (!/^(event|data|id|retry)?:/.test(text)) return [JSON.parse(text) as JsonRpcMessage];
  // An event without data (a priming event carries only an id) is no message.
  return readServerSentEvents(text, { ended: true })
    .filter((event) => event.data !== '')
    .map((event) => JSON.parse(event.data) as JsonRpcMessage);
}

/** Starts a session with initialize + notifications/initialized; returns its id. */
export async function startSession(url: string): Promise<string> {
  const initialized = await postMcp(url, INITIALIZE);
  const sessionId = initialized.headers.get('mcp-session-id');
  if (initialized.status !== 200 || !sessionId) throw new Error(`initialize answered ${initialized.status} without a session id`);
  await postMcp(url, INITIALIZED, { 'mcp-session-id': sessionId });
  return sessionId;
}

export type OpenStream = {
  /** Milliseconds from sending the GET to receiving its status line and headers. */
  headersAfterMs: number;
  response: IncomingMessage;
  /** Everything received on the stream so far. */
  received: () => string;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close: () => void;
};

/**
 * A GET stream through node:http, which reports the moment the headers arrive (fetch
 * would hide a server that holds them back until its first event).
 */
export function openGetStream(url: string, headers: Record<string, string>, timeoutMs = 5_000): Promise<OpenStream> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let outgoing: ClientRequest | undefined = undefined;
    const timer = setTimeout(() => {
      outgoing?.destroy();
      reject(new Error(`No response headers within ${timeoutMs} ms`));
    }, timeoutMs);
    outgoing = httpRequest(url, { headers: { accept: 'text/event-stream', ...headers } }, (response) => {
      clearTimeout(timer);
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('error', () => {}); // our own close() aborts the stream; that is not a failure
      const ended = new Promise<void>((done) => {
        response.on('end', () => done());
        response.on('close', () => done());
      });
      resolve({ headersAfterMs: performance.now() - started, response, received: () => text, ended, close: () => outgoing?.destroy() });
    });
    outgoing.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    outgoing.end();
  });
}
