import { describe, expect, it } from 'vitest';
import { parseTraceFile, serializeTrace } from './import-trace.ts';
import { DEPTH_CUT_MARKER } from '../trace/depth-bound.ts';
import type { Trace } from '../trace/trace.ts';

/** An imported file's own secrets: a key left under a secret header name, a URL password, and their echoes. */

const KEY = 'sk-ant-in-a-file-DO-NOT-SHOW-9191';
const PASSWORD = 'file-password-2323';

function traceWithSecrets(deep: unknown = `deep echo ${KEY}`): Trace {
  return {
    format: 'mcp-lifecycle-trace',
    version: 1,
    question: 'What is 5 plus 7?',
    answer: `5 plus 7 is 12. Your key is ${KEY}`,
    status: 'complete',
    startedAt: '2026-11-30T12:00:00.000Z',
    model: { wire: 'anthropic', kind: 'real', name: 'claude' },
    mcp: { url: `https://learner:${PASSWORD}@mcp.example/mcp`, era: '2025-11-25', protocolVersion: '2025-11-25' },
    steps: [
      {
        n: 1,
        id: 'provider.request',
        canonical: 8,
        iteration: 1,
        phase: 'decision',
        from: 'host',
        to: 'llm',
        kind: 'request',
        title: 'Host sends the request',
        payload: { deep, list: [`x ${PASSWORD} y`] },
        http: {
          method: 'POST',
          url: `https://api.example/v1/messages?key=${KEY}`,
          requestHeaders: { 'X-Api-Key': KEY, authorization: 'Bearer short', 'mcp-session-id': 'abc', 'x-echo': `sent ${KEY}` },
          responseHeaders: { 'set-cookie': 'session=cookie-in-a-file-4545; Path=/', 'x-request-id': 'r1' },
          requestBody: `{"echo":"${KEY}"}`,
          responseBody: `{"cookie":"cookie-in-a-file-4545"}`,
          sse: [{ data: `frame ${KEY}`, at: 1 }],
        },
        at: 0,
      },
    ],
  };
}

describe('an imported trace with its own secrets', () => {
  it('is shown with them redacted: under secret names, in URLs, and wherever their values appear', () => {
    const result = parseTraceFile({ text: JSON.stringify(traceWithSecrets()) });
    if (!result.ok) throw new Error(result.error);
    const text = JSON.stringify(result.trace);
    for (const secret of [KEY, PASSWORD, 'cookie-in-a-file-4545', 'Bearer short']) expect(text).not.toContain(secret);
    const http = result.trace.steps[0]!.http!;
    expect(http.requestHeaders).toEqual({ 'X-Api-Key': '[redacted]', authorization: '[redacted]', 'mcp-session-id': 'abc', 'x-echo': 'sent [redacted]' });
    expect(http.responseHeaders).toEqual({ 'set-cookie': '[redacted]', 'x-request-id': 'r1' });
    expect(http.url).toBe('https://api.example/v1/messages?key=[redacted]');
    expect(result.trace.mcp.url).toBe('https://learner:[redacted]@mcp.example/mcp');
    expect(result.trace.answer).toBe('5 plus 7 is 12. Your key is [redacted]');
    expect(http.sse![0]!.data).toBe('frame [redacted]');
  });

  it('keeps no secret in values nested deeper than the call stack allows: the import cuts them at the depth bound', () => {
    // Written as text: JSON.stringify itself runs out of stack at this depth, JSON.parse does not.
    const depth = 50_000;
    const text = JSON.stringify(traceWithSecrets('DEEP')).replace('"DEEP"', `${'{"inner":'.repeat(depth)}"deep echo ${KEY}"${'}'.repeat(depth)}`);
    const result = parseTraceFile({ text });
    if (!result.ok) throw new Error(result.error);
    expect(result.trace.steps[0]!.payload).toBeDefined();
    let cursor = (result.trace.steps[0]!.payload as { deep: unknown }).deep;
    while (typeof cursor === 'object' && cursor !== null) cursor = (cursor as { inner: unknown }).inner;
    expect(cursor).toBe(DEPTH_CUT_MARKER);
    expect(result.cut).toContain('levels deep');
    expect(serializeTrace(result.trace)).not.toContain(KEY);
  });
});
