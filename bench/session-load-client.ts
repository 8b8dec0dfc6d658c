import { Agent, request as sendHttpRequest } from 'node:http';
import { createParser } from 'eventsource-parser';

/**
 * A light MCP client for load: real 2025-11-25 sessions on /mcp/sessions (initialize,
 * notifications/initialized, tools/call, DELETE) over raw HTTP with keep-alive, each
 * answer read whole (JSON or SSE) and checked. The SDK Client does the same work with
 * far more CPU per call (schema validation, the GET stream, fetch): on a two-core
 * machine shared with the server, that cost would be measured as server latency.
 */

const PROTOCOL_VERSION = '2025-11-25';

export type LoadSession = { url: URL; agent: Agent; sessionId: string; nextId: number };

type HttpAnswer = { status: number; headers: Record<string, string | string[] | undefined>; text: string };

function postHttp(url: URL, agent: Agent, method: string, headers: Record<string, string>, body?: string): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const outgoing = sendHttpRequest(
      url,
      { method, agent, headers: body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) } },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, text: Buffer.concat(chunks).toString('utf8') }));
        incoming.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** The JSON-RPC messages of an answer: one JSON body, or the data of each event of an SSE stream. */
export function readJsonRpcMessages(answer: HttpAnswer): unknown[] {
  const contentType = String(answer.headers['content-type'] ?? '');
  if (contentType.includes('text/event-stream')) {
    const messages: unknown[] = [];
    // The answer is whole: the blank line after it closes a last event the server left open.
    const parser = createParser({
      onEvent: (event) => {
        if (event.data.trim() !== '') messages.push(JSON.parse(event.data));
      },
    });
    parser.feed(`${answer.text}\n\n`);
    return messages;
  }
  const parsed = JSON.parse(answer.text) as unknown;
  return Array.isArray(parsed) ? parsed : [parsed];
}

function findResponse(answer: HttpAnswer, id: number): { result?: unknown; error?: { message: string } } {
  if (answer.status !== 200) throw new Error(`HTTP ${answer.status}: ${answer.text.slice(0, 200)}`);
  const response = readJsonRpcMessages(answer).find((message) => (message as { id?: unknown }).id === id);
  if (!response) throw new Error(`No JSON-RPC response with id ${id} in: ${answer.text.slice(0, 200)}`);
  return response as { result?: unknown; error?: { message: string } };
}

function createHeaders(sessionId?: string): Record<string, string> {
  return {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': PROTOCOL_VERSION,
    ...(sessionId ? { 'mcp-session-id': sessionId } : {}),
  };
}

export async function openLoadSession(endpoint: string, agent: Agent): Promise<LoadSession> {
  const url = new URL(endpoint);
  const initialize = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: 'bench-load-client', version: '0.1.0' } },
  });
  const headers = createHeaders();
  delete headers['mcp-protocol-version'];
  const answer = await postHttp(url, agent, 'POST', headers, initialize);
  const response = findResponse(answer, 1);
  if (response.error) throw new Error(`initialize failed: ${response.error.message}`);
  const sessionId = answer.headers['mcp-session-id'];
  if (typeof sessionId !== 'string') throw new Error('initialize answered without Mcp-Session-Id');
  const initialized = await postHttp(url, agent, 'POST', createHeaders(sessionId), JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
  if (initialized.status !== 202) throw new Error(`notifications/initialized got HTTP ${initialized.status}`);
  return { url, agent, sessionId, nextId: 2 };
}

/** One tools/call of add_numbers in the session; throws unless the result says a + b. */
export async function callAddNumbers(session: LoadSession, a: number, b: number): Promise<void> {
  const id = session.nextId++;
  const body = JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'add_numbers', arguments: { a, b } } });
  const response = findResponse(await postHttp(session.url, session.agent, 'POST', createHeaders(session.sessionId), body), id);
  if (response.error) throw new Error(`tools/call failed: ${response.error.message}`);
  const text = (response.result as { content?: { text?: string }[] }).content?.[0]?.text;
  if (text !== `Result: ${a + b}`) throw new Error(`add_numbers(${a}, ${b}) answered ${JSON.stringify(text)}`);
}

export async function closeLoadSession(session: LoadSession): Promise<void> {
  const answer = await postHttp(session.url, session.agent, 'DELETE', createHeaders(session.sessionId));
  if (answer.status !== 200) throw new Error(`DELETE got HTTP ${answer.status}`);
}
