import { describe, expect, it } from 'vitest';
import type { HttpExchange } from '../trace/trace.ts';
import { judgeDiscoverAnswer, judgeStdioDiscoverAnswer } from './era-fallback.ts';

const probe = (fields: Partial<HttpExchange>): HttpExchange => ({ method: 'POST', url: 'http://127.0.0.1:3001/mcp', requestHeaders: {}, ...fields });
const rpcError = (code: number, message: string) => JSON.stringify({ jsonrpc: '2.0', id: null, error: { code, message } });

describe('judgeDiscoverAnswer', () => {
  it('falls back on the 400 a 2025-11-25 server gives a request outside a session, quoting its words', () => {
    const verdict = judgeDiscoverAnswer(probe({ status: 400, responseBody: rpcError(-32000, 'Bad Request: Server not initialized') }));
    expect(verdict).toMatchObject({ kind: 'fall-back', answered: { status: 400, jsonRpcError: { code: -32000 } } });
    expect(verdict.kind === 'fall-back' && verdict.reason).toContain('Server not initialized');
  });

  it.each([404, 405])('falls back on HTTP %i', (status) => {
    expect(judgeDiscoverAnswer(probe({ status, responseBody: 'Not here' }))).toMatchObject({ kind: 'fall-back', answered: { status, body: 'Not here' } });
  });

  it('falls back on -32601, the method server/discover unknown, whether in a body or an SSE frame', () => {
    const inBody = judgeDiscoverAnswer(probe({ status: 200, responseBody: rpcError(-32601, 'Method not found') }));
    expect(inBody.kind === 'fall-back' && inBody.reason).toContain('does not know the method server/discover');
    const inFrame = judgeDiscoverAnswer(probe({ status: 200, sse: [{ data: rpcError(-32601, 'Method not found'), at: 1 }] }));
    expect(inFrame.kind).toBe('fall-back');
  });

  it('reads the answer past frames of another event, as the stdio bridge sends its lines before the answer', () => {
    const bridgeLine = { event: 'bridge', data: JSON.stringify({ kind: 'stderr', line: 'Starting default (STDIO) server...' }), at: 1 };
    const verdict = judgeDiscoverAnswer(probe({ status: 200, sse: [bridgeLine, { event: 'message', data: rpcError(-32601, 'Method not found'), at: 2 }] }));
    expect(verdict).toMatchObject({ kind: 'fall-back', answered: { jsonRpcError: { code: -32601 } } });
  });

  it('falls back when the server lists its versions and 2026-07-28 is not among them', () => {
    const verdict = judgeDiscoverAnswer(
      probe({ status: 200, responseBody: JSON.stringify({ jsonrpc: '2.0', id: 1, result: { supportedVersions: ['2027-01-01'] } }) }),
    );
    expect(verdict.kind === 'fall-back' && verdict.reason).toContain('2027-01-01, not 2026-07-28');
  });

  it('never falls back when nothing answered: a refused connection, a timeout, a CORS block', () => {
    expect(judgeDiscoverAnswer(probe({ error: 'TypeError: Failed to fetch' }))).toEqual({ kind: 'not-a-version-question' });
    expect(judgeDiscoverAnswer(undefined)).toEqual({ kind: 'not-a-version-question' });
  });

  it.each([401, 403, 500, 503, 422])('does not take HTTP %i for a version question', (status) => {
    expect(judgeDiscoverAnswer(probe({ status, responseBody: rpcError(-32000, 'no') }))).toEqual({ kind: 'not-a-version-question' });
  });

  it('does not fall back from a server that offers 2026-07-28', () => {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, result: { supportedVersions: ['2026-07-28'] } });
    expect(judgeDiscoverAnswer(probe({ status: 200, responseBody: body }))).toEqual({ kind: 'not-a-version-question' });
  });

  it('falls back on a 200 whose result is no server/discover answer (empty, or without supportedVersions), as the SDK’s auto mode does', () => {
    const empty = judgeDiscoverAnswer(probe({ status: 200, responseBody: JSON.stringify({ jsonrpc: '2.0', id: 1, result: {} }) }));
    expect(empty).toMatchObject({ kind: 'fall-back', answered: { status: 200, result: '{}' } });
    const other = judgeDiscoverAnswer(probe({ status: 200, responseBody: JSON.stringify({ jsonrpc: '2.0', id: 1, result: { serverInfo: { name: 'x' } } }) }));
    expect(other.kind).toBe('fall-back');
  });

  it('does not fall back on a 200 whose body is no JSON-RPC message at all', () => {
    expect(judgeDiscoverAnswer(probe({ status: 200, responseBody: '<html>hello</html>' }))).toEqual({ kind: 'not-a-version-question' });
  });
});

describe('judgeStdioDiscoverAnswer', () => {
  it('reads a stdio program’s message as an HTTP body is read', () => {
    expect(judgeStdioDiscoverAnswer({ message: { jsonrpc: '2.0', id: 0, error: { code: -32601, message: 'Method not found' } }, closed: false })).toMatchObject(
      { kind: 'fall-back', answered: { jsonRpcError: { code: -32601 } } },
    );
    expect(judgeStdioDiscoverAnswer({ message: { jsonrpc: '2.0', id: 0, result: { supportedVersions: ['2026-07-28'] } }, closed: false })).toEqual({
      kind: 'not-a-version-question',
    });
  });

  it('falls back when the program closed the connection instead of answering, and not when it never answered for another reason', () => {
    expect(judgeStdioDiscoverAnswer({ message: undefined, closed: true })).toMatchObject({ kind: 'fall-back', answered: { closed: true } });
    expect(judgeStdioDiscoverAnswer({ message: undefined, closed: false })).toEqual({ kind: 'not-a-version-question' });
  });
});
