import { describe, expect, it } from 'vitest';
import { SERVER_RECORD_PATH } from '../../src/trace/provider-mcp.ts';
import { ServerRecordSchema } from '../../src/trace/server-record-schema.ts';
import { useServer } from '../../tests/helpers/use-server.ts';

/**
 * The built-in server's record of a run (provider-side MCP) is bounded, over real HTTP:
 * runs kept, exchanges a run, bytes a body, and time (a clock the test moves). Secret
 * headers are kept as [redacted].
 */

let clock = 0;
const server = useServer({ runRecords: { limits: { maxRuns: 2, maxExchanges: 2, maxBodyBytes: 120, lifetimeMs: 60_000 }, now: () => clock } });

const runId = (digit: string) => digit.repeat(32);

const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'record-bounds-test', version: '1.0.0' } },
});

function post(run: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${server.url}/mcp?record=${run}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body: INITIALIZE,
  }).then(async (response) => {
    await response.text();
    return response;
  });
}

async function readRecord(run: string): Promise<{ status: number; record?: ReturnType<typeof ServerRecordSchema.parse> }> {
  const response = await fetch(`${server.url}${SERVER_RECORD_PATH}/${run}`);
  return response.status === 200 ? { status: 200, record: ServerRecordSchema.parse(await response.json()) } : { status: response.status };
}

describe('the server’s record of a run', () => {
  it('keeps two exchanges a run and counts the rest, cuts a body at its bound, and keeps a secret header as [redacted]', async () => {
    const run = runId('a');
    for (let index = 0; index < 3; index++) expect((await post(run, { authorization: 'Bearer record-secret-7f3a' })).status).toBe(200);
    const { record } = await readRecord(run);
    expect(record?.exchanges).toHaveLength(2);
    expect(record?.dropped).toBe(1);
    // The request body (about 150 bytes) is over the 120-byte bound: it is marked cut, not kept.
    expect(record?.exchanges[0]?.cut).toBe(true);
    expect(record?.exchanges[0]?.requestBody).toBeUndefined();
    expect(new TextEncoder().encode(record?.exchanges[0]?.responseBody ?? '').length).toBeLessThanOrEqual(120);
    expect(record?.exchanges[0]?.requestHeaders.authorization).toBe('[redacted]');
    expect(JSON.stringify(record)).not.toContain('record-secret-7f3a');
  });

  it('keeps two runs: a third forgets the oldest', async () => {
    const [first, second, third] = [runId('b'), runId('c'), runId('d')];
    for (const run of [first, second, third]) await post(run);
    expect((await readRecord(first)).status).toBe(404);
    expect((await readRecord(second)).status).toBe(200);
    expect((await readRecord(third)).status).toBe(200);
  });

  it('forgets a run untouched for its lifetime', async () => {
    const run = runId('e');
    await post(run);
    expect((await readRecord(run)).status).toBe(200);
    clock += 60_001;
    expect((await readRecord(run)).status).toBe(404);
  });
});
