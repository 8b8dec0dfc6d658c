import { execFile, execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as V1Transport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { serve, type RunningServer } from '../../server/node/serve.ts';
import { addNumbers } from '../../server/mcp/tools-by-endpoint.ts';
import { observeCountSlowly, type CountJournal } from '../helpers/observe-count-slowly.ts';
import { LEGACY_HEADERS, postMcp, readMessages, startSession, type JsonRpcMessage } from '../helpers/mcp-http.ts';
import { startRecordingProxy, type RecordedExchange, type RecordingProxy } from '../helpers/start-recording-proxy.ts';

/**
 * notifications/cancelled in the 2025-11-25 era, from three real clients (the v1 SDK,
 * the v2 SDK in legacy mode, the Python SDK), for a running count_slowly: on the
 * stateless /mcp/toolbox, where the cancel arrives in a POST a fresh instance answers,
 * and on /mcp/sessions, where the session's instance receives it. Each client goes
 * through a recording hop, so the test sees the wire the SDKs hide: the cancel they
 * sent, and that no result came for the cancelled call. A cancel reaches only the
 * calls it can be tied to: in another session it stops nothing, and on the stateless
 * endpoint an id two calls share is ignored (see server/mcp/in-flight-calls.ts).
 */

const INTERVAL_MS = 100;
/** What each run of the tool did, in the order the runs started. */
const journals: CountJournal[] = [];
const observedCounting = observeCountSlowly({
  intervalMs: INTERVAL_MS,
  startJournal: () => {
    const journal: CountJournal = { counts: [] };
    journals.push(journal);
    return journal;
  },
});

const PYTHON_CLIENT = fileURLToPath(new URL('../helpers/python/cancel-count-slowly.py', import.meta.url));
const hasPythonSdk = (() => {
  try {
    execFileSync('python3', ['-c', 'import mcp'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

let server: RunningServer;
let proxy: RecordingProxy;
const closers: (() => Promise<void>)[] = [];
beforeAll(async () => {
  // /mcp/sessions serves count_slowly here too, so a cancel in a session has something to stop.
  server = await serve({ port: 0, tools: [addNumbers, observedCounting], toolboxTools: [addNumbers, observedCounting] });
  proxy = await startRecordingProxy(server.url);
});
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
  journals.length = 0;
});
afterAll(async () => {
  await proxy.close();
  await server.close();
});

const wait = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));
const callArguments = { name: 'count_slowly', arguments: { to: 10 } };
const cancelsAt = (message: string | undefined, stop: () => void) => message === 'Counted 2 of 10' && stop();

function parseBody(exchange: RecordedExchange): JsonRpcMessage | undefined {
  try {
    return JSON.parse(exchange.requestBody) as JsonRpcMessage;
  } catch {
    return undefined;
  }
}

/** The recorded POST that started count_slowly, from `since` on. */
function findCall(since: number, path: string): RecordedExchange {
  const call = proxy.exchanges.slice(since).find((exchange) => exchange.path === path && parseBody(exchange)?.method === 'tools/call');
  if (!call) throw new Error(`No tools/call went through the proxy to ${path}`);
  return call;
}

async function cancelWithV2(url: string) {
  const client = new Client({ name: 'cancel-v2', version: '1.0.0' }, { versionNegotiation: { mode: 'legacy' } });
  closers.push(() => client.close());
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  const controller = new AbortController();
  await expect(
    client.callTool(callArguments, { signal: controller.signal, onprogress: (progress) => cancelsAt(progress.message, () => controller.abort()) }),
  ).rejects.toThrow(/abort/i);
}

async function cancelWithV1(url: string) {
  const client = new V1Client({ name: 'cancel-v1', version: '1.0.0' });
  closers.push(() => client.close());
  await client.connect(new V1Transport(new URL(url)));
  const controller = new AbortController();
  await expect(
    client.callTool(callArguments, undefined, { signal: controller.signal, onprogress: (progress) => cancelsAt(progress.message, () => controller.abort()) }),
  ).rejects.toThrow(/abort/i);
}

/** The Python client holds its connection for a second after cancelling: the server must stop while it is still there. */
async function cancelWithPython(url: string) {
  let exited = false;
  const finished = new Promise<string>((resolve, reject) => {
    execFile('python3', [PYTHON_CLIENT, url, '1'], { timeout: 20_000 }, (error, stdout, stderr) => {
      exited = true;
      if (error) reject(new Error(`The Python client failed: ${stderr || error.message}`));
      else resolve(stdout);
    });
  });
  closers.push(async () => void (await finished.catch(() => {})));
  // Python takes a few seconds to start and import the SDK.
  await expect.poll(() => journals[0]?.ended, { timeout: 15_000 }).toBe('cancelled');
  expect(exited).toBe(false);
  const report = JSON.parse(await finished) as { cancelled: boolean; received: { message: string }[] };
  expect(report.cancelled).toBe(true);
  expect(report.received.map((progress) => progress.message)).toContain('Counted 2 of 10');
}

const CLIENTS: [string, (url: string) => Promise<void>][] = [
  ['the v2 SDK in legacy mode', cancelWithV2],
  ['the v1 SDK', cancelWithV1],
  ...(hasPythonSdk ? [['the Python SDK', cancelWithPython] as [string, (url: string) => Promise<void>]] : []),
];

describe.each(['/mcp/toolbox', '/mcp/sessions'])('notifications/cancelled on %s', (path) => {
  it.skipIf(hasPythonSdk)('from the Python SDK: not run here, python3 has no MCP SDK (pip install mcp)', () => {});

  it.each(CLIENTS)('from %s stops count_slowly: the handler sees the abort, progress stops, no result is sent', async (_client, cancel) => {
    const since = proxy.exchanges.length;
    await cancel(`${proxy.url}${path}`);
    const call = findCall(since, path);
    const callId = parseBody(call)!.id;
    // A client may reject the call before its cancel has gone out.
    const cancels = () =>
      proxy.exchanges
        .slice(since)
        .map(parseBody)
        .filter((message) => message?.method === 'notifications/cancelled');
    await expect.poll(() => cancels().map((message) => message!.params!.requestId)).toEqual([callId]);

    await expect.poll(() => journals[0]?.ended, { timeout: INTERVAL_MS * 10 }).toBe('cancelled');
    const countsAtStop = journals[0]!.counts.length;
    expect(countsAtStop).toBeLessThanOrEqual(3);
    await wait(INTERVAL_MS * 4);
    expect(journals[0]!.counts).toHaveLength(countsAtStop);

    const answered = readMessages(call.responseText);
    expect(answered.filter((message) => message.id === callId)).toEqual([]);
    const counted = answered.filter((message) => message.method === 'notifications/progress' && String(message.params!.message).startsWith('Counted'));
    expect(counted.length).toBeLessThanOrEqual(countsAtStop);
    // The server ends the call's stream itself, since no result will come on it. In a session the
    // SDK left it open, empty, until the client or the session went (issue 40).
    await expect.poll(() => call.endedBy).toBe('server');
    if (path !== '/mcp/sessions' || _client === 'the Python SDK') return;
    // The SDK clients resume a stream that ended without its result: the GET is told that nothing follows, and no stream is left open but the session's own GET.
    await expect
      .poll(
        () =>
          proxy.exchanges
            .slice(since)
            .filter((exchange) => exchange.lastEventId !== undefined)
            .map((exchange) => [exchange.status, exchange.endedBy]),
        { timeout: 5_000 },
      )
      .toEqual([[204, 'server']]);
    const open = proxy.exchanges
      .slice(since)
      .filter((exchange) => exchange.endedBy === undefined && !(exchange.method === 'GET' && exchange.lastEventId === undefined));
    expect(open.map((exchange) => `${exchange.method} ${exchange.requestBody}`)).toEqual([]);
  });
});

describe('a cancel that cannot be tied to the call', () => {
  it('from another session on /mcp/sessions stops nothing: the call counts on to its result', async () => {
    const client = new Client({ name: 'counting-session', version: '1.0.0' }, { versionNegotiation: { mode: 'legacy' } });
    closers.push(() => client.close());
    await client.connect(new StreamableHTTPClientTransport(new URL(`${proxy.url}/mcp/sessions`)));
    const since = proxy.exchanges.length;
    let cancelled: Promise<number> | undefined;
    const result = await client.callTool(
      { name: 'count_slowly', arguments: { to: 4 } },
      {
        onprogress: (progress) => {
          if (progress.message !== 'Counted 1 of 4') return;
          const callId = parseBody(findCall(since, '/mcp/sessions'))!.id;
          cancelled = startSession(`${server.url}/mcp/sessions`).then(async (otherSession) => {
            const answer = await postMcp(
              `${server.url}/mcp/sessions`,
              { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: callId, reason: 'not mine' } },
              { 'mcp-session-id': otherSession },
            );
            return answer.status;
          });
        },
      },
    );
    expect(await cancelled).toBe(202);
    expect(result.content).toEqual([{ type: 'text', text: 'Counted to 4' }]);
    expect(journals[0]).toEqual({ counts: [1, 2, 3, 4], ended: 'finished' });
  });

  it("on /mcp/toolbox, naming an id two clients' calls share, is ignored rather than applied to a guess", async () => {
    const start = async (stopAt?: string) => {
      const client = new Client({ name: 'same-id', version: '1.0.0' }, { versionNegotiation: { mode: 'legacy' } });
      closers.push(() => client.close());
      await client.connect(new StreamableHTTPClientTransport(new URL(`${proxy.url}/mcp/toolbox`)));
      const controller = new AbortController();
      return client.callTool(
        { name: 'count_slowly', arguments: { to: 4 } },
        { signal: controller.signal, onprogress: (progress) => progress.message === stopAt && controller.abort() },
      );
    };
    const since = proxy.exchanges.length;
    const [stopped, kept] = await Promise.allSettled([start('Counted 1 of 4'), start()]);
    const calls = proxy.exchanges
      .slice(since)
      .map(parseBody)
      .filter((message) => message?.method === 'tools/call');
    expect(calls).toHaveLength(2);
    expect(calls[0]!.id).toBe(calls[1]!.id);
    expect(stopped.status).toBe('rejected');
    expect(kept).toMatchObject({ status: 'fulfilled', value: { content: [{ type: 'text', text: 'Counted to 4' }] } });
    await expect.poll(() => journals.map((journal) => journal.ended)).toEqual(['finished', 'finished']);
  });

  it('naming no call in flight gets 202 and changes nothing', async () => {
    const answer = await fetch(`${server.url}/mcp/toolbox`, {
      method: 'POST',
      headers: LEGACY_HEADERS,
      body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 99 } }),
    });
    expect(answer.status).toBe(202);
  });
});
