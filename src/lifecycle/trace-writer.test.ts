import { describe, expect, it } from 'vitest';
import type { RecordedExchange } from '../mcp/recording-fetch.ts';
import { snapshotExchange, syncSharedExchange } from './trace-writer.ts';

function createExchange(): RecordedExchange {
  return { exchangeId: 1, startedAt: 0, method: 'POST', url: 'http://127.0.0.1/mcp', requestHeaders: { accept: 'text/event-stream' }, requestBody: '{"id":1}' };
}

describe('syncSharedExchange', () => {
  it("keeps one record in the trace's key order as the exchange gains its answer, frame by frame", () => {
    const exchange = createExchange();
    const http = syncSharedExchange({ method: exchange.method, url: exchange.url, requestHeaders: {} }, exchange);
    expect(Object.keys(http)).toEqual(['method', 'url', 'requestHeaders', 'requestBody']);

    exchange.status = 200;
    exchange.responseHeaders = { 'content-type': 'text/event-stream' };
    exchange.sse = [];
    const same = syncSharedExchange(http, exchange);
    expect(same).toBe(http);
    expect(Object.keys(http)).toEqual(['method', 'url', 'requestHeaders', 'status', 'responseHeaders', 'requestBody', 'sse']);

    exchange.sse.push({ data: '{"id":1,"result":{}}', at: 3 });
    syncSharedExchange(http, exchange);
    expect(http.sse).toBe(exchange.sse);
    expect(http.sse).toHaveLength(1);

    exchange.durationMs = 4;
    syncSharedExchange(http, exchange);
    expect(Object.keys(http)).toEqual(['method', 'url', 'requestHeaders', 'status', 'responseHeaders', 'requestBody', 'sse', 'durationMs']);
    expect(JSON.stringify(http)).toBe(JSON.stringify(snapshotExchange(exchange)));
  });

  it('writes a changed value in place and drops a key the exchange no longer has', () => {
    const exchange = createExchange();
    const http = syncSharedExchange({ method: exchange.method, url: exchange.url, requestHeaders: {} }, exchange);
    exchange.error = 'TypeError: fetch failed';
    syncSharedExchange(http, exchange);
    exchange.error = 'TypeError: fetch failed: other side closed';
    syncSharedExchange(http, exchange);
    expect(http.error).toBe('TypeError: fetch failed: other side closed');
    delete exchange.requestBody;
    syncSharedExchange(http, exchange);
    expect(Object.keys(http)).toEqual(['method', 'url', 'requestHeaders', 'error']);
  });

  it('leaves out what the recorder keeps for itself', () => {
    const exchange = { ...createExchange(), context: { stepId: 'mcp.request' } };
    const http = syncSharedExchange({ method: exchange.method, url: exchange.url, requestHeaders: {} }, exchange);
    expect(http).not.toHaveProperty('context');
    expect(http).not.toHaveProperty('exchangeId');
    expect(http).not.toHaveProperty('startedAt');
  });
});
