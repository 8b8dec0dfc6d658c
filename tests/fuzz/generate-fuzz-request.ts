import { createFuzzBody } from './generate-fuzz-body.ts';
import type { Random } from './seeded-random.ts';

/**
 * One random request for the server fuzz: a route (MCP, mock model, the app's files,
 * nowhere), a method, headers that are right or wrong in every way that matters to
 * the server (Host, Origin, Content-Type, Accept, the MCP headers, Last-Event-ID for
 * a broken SSE reconnect), a body, and how the client behaves: waits for the whole
 * answer, or goes away mid-body, before the answer or mid-answer.
 */

export type RouteKind = 'mcp' | 'mock' | 'other';

export type Ending = 'complete' | 'abort-mid-body' | 'abort-before-response' | 'abort-mid-response';

export type FuzzRequest = {
  method: string;
  path: string;
  route: RouteKind;
  headers: Record<string, string>;
  body: Buffer | undefined;
  /** Sent with Transfer-Encoding: chunked instead of Content-Length. */
  chunked: boolean;
  ending: Ending;
};

/**
 * Stand-ins for session ids the server hands out, replaced when the request is sent:
 * the requests themselves then depend on the seed alone, not on the server's answers.
 */
export const LIVE_SESSION = '<a live session>';
export const ENDED_SESSION = '<an ended session>';

const MCP_PATHS = [
  '/mcp',
  '/mcp/toolbox',
  '/mcp/sessions',
  '/mcp/sessions',
  '/mcp/sessions?expire-after=1',
  '/mcp/sessions?expire-after=3',
  '/mcp/sessions?expire-after=0',
  '/mcp/sessions?expire-after=abc',
  '/mcp/',
  '/mcp?x=%00',
];
const MOCK_PATHS = [
  '/mock/openai/v1/chat/completions',
  '/mock/openai-chat/v1/chat/completions',
  '/mock/openai-functions/v1/chat/completions',
  '/mock/openai-responses/v1/responses',
  '/mock/anthropic/v1/messages',
  '/mock/gemini/v1beta/models/mock-model-deterministic:generateContent',
  '/mock/gemini/v1beta/models/x:streamGenerateContent',
  '/mock/ollama/api/chat',
  '/mock/openai/v1/models',
  '/mock/nothing',
];
const OTHER_PATHS = [
  '/',
  '/index.html',
  '/nothing',
  '//mcp',
  '/mcp/other',
  '/%',
  '/%E0%A4%A',
  '/..%2f..%2fetc/passwd',
  '/mcp%00',
  `/${'a'.repeat(3_000)}`,
  `/?${'q'.repeat(2_000)}`,
];
const METHODS: [number, string][] = [
  [12, 'POST'],
  [3, 'GET'],
  [2, 'DELETE'],
  [1, 'PUT'],
  [1, 'PATCH'],
  [1, 'HEAD'],
  [2, 'OPTIONS'],
];

/** Whether a path is one of the app's MCP endpoints, as its router reads it. */
export function readRouteKind(path: string): RouteKind {
  const pathname = new URL(`http://localhost${path}`).pathname.replace(/\/+$/, '') || '/';
  if (['/mcp', '/mcp/toolbox', '/mcp/sessions'].includes(pathname)) return 'mcp';
  if (pathname.startsWith('/mock/')) return 'mock';
  return 'other';
}

/** A UUID-shaped id from the seeded generator, so a replay sends the same ones. */
function createUuid(random: Random): string {
  const hex = Array.from({ length: 32 }, () => random.below(16).toString(16)).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20)}`;
}

function createToken(random: Random, length: number): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789-_.~!*';
  return Array.from({ length }, () => alphabet[random.below(alphabet.length)]).join('');
}

/** Header values Node's client will send: printable ASCII and Latin-1, no line breaks. */
function createHeaderValue(random: Random): string {
  return random.pick(['', ' ', 'x'.repeat(random.below(4_000)), '\u00e9\u00ff', createToken(random, 30), '{"a":1}', 'a,b;c=d', '../../etc/passwd']);
}

function createHeaders(random: Random, route: RouteKind, modern: boolean, body: Buffer | undefined): Record<string, string> {
  const headers: Record<string, string> = {};
  if (random.chance(0.92)) headers['content-type'] = 'application/json';
  if (random.chance(0.92)) headers.accept = 'application/json, text/event-stream';
  if (route === 'mcp' && random.chance(0.9)) headers['mcp-protocol-version'] = modern ? '2026-07-28' : '2025-11-25';
  if (modern && random.chance(0.85)) {
    const method = body ? /"method":"([^"]*)"/.exec(body.toString('latin1'))?.[1] : undefined;
    headers['mcp-method'] = method ?? createToken(random, 8);
  }
  if (route === 'mock' && random.chance(0.8)) headers['anthropic-version'] = '2023-06-01';
  if (route === 'mcp' && random.chance(0.45)) {
    headers['mcp-session-id'] = random.pickWeighted([
      [5, LIVE_SESSION],
      [2, ENDED_SESSION],
      [2, createUuid(random)],
      [1, createHeaderValue(random)],
    ]);
  }
  const mutations: [number, () => void][] = [
    [
      4,
      () =>
        (headers.host = random.pick([
          'evil.example',
          'localhost.evil.example',
          'local host',
          '[',
          'localhost/mcp',
          'localhost@evil.example',
          '127.0.0.1:99999',
          'localhost',
          '[::1]:1',
          createToken(random, 12),
        ])),
    ],
    [
      4,
      () =>
        (headers.origin = random.pick([
          'http://evil.example',
          'null',
          'http://localhost:5173',
          'http://127.0.0.1',
          'garbage',
          'http://127.0.0.1.nip.io',
          'file://',
          'chrome-extension://abc',
        ])),
    ],
    [
      3,
      () =>
        (headers['content-type'] = random.pick([
          'text/plain',
          '',
          'application/json; charset=utf-8',
          'application/jsonx',
          'multipart/form-data; boundary=x',
          'APPLICATION/JSON',
          createToken(random, 10),
        ])),
    ],
    [
      3,
      () =>
        (headers.accept = random.pick([
          '',
          'application/json',
          'text/event-stream',
          '*/*',
          'text/html',
          'application/json;q=0, text/event-stream',
          createToken(random, 10),
        ])),
    ],
    [
      3,
      () =>
        (headers['mcp-protocol-version'] = random.pick([
          'garbage',
          '2025-11-25',
          '2026-07-28',
          '2025-06-18',
          '2024-11-05',
          '1999-01-01',
          '9999-99-99',
          '',
          createToken(random, 10),
        ])),
    ],
    [2, () => (headers['mcp-method'] = random.pick(['tools/list', 'tools/call', 'initialize', '', createToken(random, 12)]))],
    [1, () => (headers['mcp-name'] = createHeaderValue(random))],
    // A client reconnecting an SSE stream it lost, naming an event the server never sent.
    [3, () => (headers['last-event-id'] = random.pick(['0', '-1', 'abc', '../../', `${createUuid(random)}_0`, 'x'.repeat(1_000), '\u00ff']))],
    [2, () => (headers[`x-${createToken(random, 6)}`] = createHeaderValue(random))],
    [1, () => (headers.authorization = `Bearer ${createToken(random, 20)}`)],
    [1, () => (headers.cookie = `session=${createToken(random, 20)}`)],
  ];
  const mutationCount = random.pickWeighted([
    [5, 0],
    [3, 1],
    [2, 2],
    [1, 4],
  ]);
  for (let count = 0; count < mutationCount; count += 1) random.pickWeighted(mutations)();
  return headers;
}

export function createFuzzRequest(random: Random): FuzzRequest {
  const path = random.pickWeighted([
    [10, () => random.pick(MCP_PATHS)],
    [6, () => random.pick(MOCK_PATHS)],
    [2, () => random.pick(OTHER_PATHS)],
  ])();
  const route = readRouteKind(path);
  const method = random.pickWeighted(METHODS);
  const modern = route === 'mcp' && random.chance(0.4);
  const wantsBody = method === 'POST' || method === 'PUT' || method === 'PATCH' || random.chance(0.1);
  const body = wantsBody ? createFuzzBody(random, route, modern) : undefined;
  const headers = createHeaders(random, route, modern, body);
  // A GET for a session's stream asks for SSE alone, as clients do.
  if (method === 'GET' && route === 'mcp' && random.chance(0.7)) headers.accept = 'text/event-stream';
  const ending = random.pickWeighted<Ending>([
    [85, 'complete'],
    [5, 'abort-mid-body'],
    [5, 'abort-before-response'],
    [5, 'abort-mid-response'],
  ]);
  return { method, path, route, headers, body, chunked: body !== undefined && random.chance(0.1), ending };
}

/** A one-line description for failure messages, body cut short. */
export function describeFuzzRequest(request: FuzzRequest): string {
  const body = request.body ? request.body.subarray(0, 200).toString('latin1') : '(none)';
  return `${request.method} ${request.path.slice(0, 120)} [${request.ending}${request.chunked ? ', chunked' : ''}] headers=${JSON.stringify(request.headers).slice(0, 400)} body(${request.body?.length ?? 0} bytes)=${JSON.stringify(body)}`;
}
