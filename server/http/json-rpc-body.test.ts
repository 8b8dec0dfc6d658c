import { describe, expect, it } from 'vitest';
import { countJsonRpcRequests, isInitializeBody, readJsonBody } from './json-rpc-body.ts';

const initialize = {
  jsonrpc: '2.0',
  id: 0,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } },
};
const list = { jsonrpc: '2.0', id: 1, method: 'tools/list' };
const initialized = { jsonrpc: '2.0', method: 'notifications/initialized' };

describe('readJsonBody', () => {
  it('parses the body once, for every later step to share', async () => {
    const request = new Request('http://localhost/mcp', { method: 'POST', body: JSON.stringify(list) });
    expect(await readJsonBody(request)).toEqual({ kind: 'json', value: list });
    expect(request.bodyUsed).toBe(true);
  });

  it('says when the body stream fails', async () => {
    const failing = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.error(new Error('client went away'));
      },
    });
    const request = new Request('http://localhost/mcp', { method: 'POST', body: failing, duplex: 'half' } as RequestInit);
    expect(await readJsonBody(request)).toEqual({ kind: 'unreadable' });
  });

  it('says when a body is not JSON', async () => {
    expect(await readJsonBody(new Request('http://localhost/mcp', { method: 'POST', body: '{oops' }))).toEqual({ kind: 'not-json' });
  });

  it('says when a body is over the limit, declared or streamed, without reading past it', async () => {
    const declared = new Request('http://localhost/mcp', { method: 'POST', headers: { 'content-length': String(5 * 1024 * 1024) }, body: '{}' });
    expect(await readJsonBody(declared)).toEqual({ kind: 'too-large' });
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new Uint8Array(64 * 1024));
      },
    });
    const streamed = new Request('http://localhost/mcp', { method: 'POST', body: endless, duplex: 'half' } as RequestInit);
    expect(await readJsonBody(streamed)).toEqual({ kind: 'too-large' });
    // 4 MiB in 64 KiB chunks is 64 of them; the read stops right after the limit.
    expect(pulled).toBeLessThan(80);
  });
});

describe('isInitializeBody and countJsonRpcRequests', () => {
  it('recognise initialize, alone or in a batch', () => {
    expect(isInitializeBody(initialize)).toBe(true);
    expect(isInitializeBody([initialize])).toBe(true);
    expect(isInitializeBody(list)).toBe(false);
    expect(isInitializeBody(undefined)).toBe(false);
  });

  it('still hold an initialize to the SDK schema after the quick look at its method', () => {
    expect(isInitializeBody([list, initialize])).toBe(true);
    expect(isInitializeBody({ jsonrpc: '2.0', id: 0, method: 'initialize', params: {} })).toBe(false);
    expect(isInitializeBody({ ...initialize, method: 'initialized' })).toBe(false);
    expect(isInitializeBody(['initialize', null, 7])).toBe(false);
  });

  it('count requests with an id, not notifications', () => {
    expect(countJsonRpcRequests(list)).toBe(1);
    expect(countJsonRpcRequests([list, { ...list, id: 2 }, initialized])).toBe(2);
    expect(countJsonRpcRequests(initialized)).toBe(0);
    expect(countJsonRpcRequests(undefined)).toBe(0);
  });
});
