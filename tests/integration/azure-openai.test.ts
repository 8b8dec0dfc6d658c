import OpenAI, { AzureOpenAI } from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildExportFile, EXPORT_FORMAT_IDS } from '../../src/export/export-formats.ts';
import { createLifecycleRun } from '../../src/lifecycle/engine.ts';
import { formatTraceText } from '../../src/lifecycle/format-trace-text.ts';
import { serializeTrace } from '../../src/lifecycle/import-trace.ts';
import { formatCurl } from '../../src/mcp/format-curl.ts';
import { prepareOpenAiChatTools } from '../../src/providers/openai-chat/prepare-openai-chat-tools.ts';
import type { Trace } from '../../src/trace/trace.ts';
import { findCanonicalStep, MOCK_MODEL, runLifecycle } from '../helpers/create-mock-run.ts';
import { ADD_NUMBERS_TOOL, QUESTION } from '../helpers/fixtures.ts';
import { runTraceCli } from '../helpers/run-trace-cli.ts';
import { startHttpServer, type TestServer } from '../helpers/start-http-server.ts';
import { useServer } from '../helpers/use-server.ts';

/**
 * Azure OpenAI as Microsoft documents it: the key in an `api-key` header, the deployment in
 * the path, `api-version` in the query. The openai SDK's own AzureOpenAI client is the
 * oracle: it and the host send the same question to one recording server on 127.0.0.1 (in
 * front of the mock model), and their requests must have the same URL and the same key
 * headers. The key is a secret wherever the run is written down.
 */

const app = useServer();
const KEY = 'azure-key-0123456789abcdef';
const API_VERSION = '2024-10-21';
let recorder: TestServer;

beforeAll(async () => {
  recorder = await startHttpServer(async (request, response, body) => {
    const model = (JSON.parse(body) as { model?: string }).model;
    if (model === 'echo-key') {
      // A careless gateway repeats the key it was sent in its error.
      response
        .writeHead(401, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: { code: '401', message: `Access denied for key ${String(request.headers['api-key'])}.` } }));
      return;
    }
    const upstream = await fetch(`${app.url}/mock/openai/v1/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    response.writeHead(upstream.status, { 'content-type': 'application/json' }).end(await upstream.text());
  });
});
afterAll(async () => {
  await recorder.close();
});

const tools = prepareOpenAiChatTools({ tools: [ADD_NUMBERS_TOOL] }).result.tools;
const sentSince = (count: number) => recorder.received.slice(count);
const keyHeaders = (headers: Record<string, string | string[] | undefined>) => ({
  'api-key': headers['api-key'],
  authorization: headers.authorization,
  'content-type': headers['content-type'],
});

function runAgainst(baseUrl: string, { model = MOCK_MODEL, fetch }: { model?: string; fetch?: typeof globalThis.fetch } = {}): Promise<Trace> {
  const provider = { wire: 'openai-chat', kind: 'real' as const, baseUrl, model, apiKey: KEY };
  if (!fetch) return runLifecycle({ serverUrl: app.url, provider });
  return runLifecycleThrough({ provider, fetch });
}

function runLifecycleThrough({
  provider,
  fetch,
}: {
  provider: Parameters<typeof runLifecycle>[0]['provider'];
  fetch: typeof globalThis.fetch;
}): Promise<Trace> {
  return createLifecycleRun({
    question: QUESTION,
    era: '2025-11-25',
    mcpUrl: `${app.url}/mcp`,
    provider,
    autoRelease: true,
    networkTimeoutMs: 10_000,
    fetch,
  }).start();
}

/** Everything the run leaves behind that a learner copies, exports or reads, as text. */
function writeDown(trace: Trace): string[] {
  const request = findCanonicalStep(trace, 8);
  return [
    serializeTrace(trace),
    formatTraceText({ trace, maxPayloadLength: 0 }),
    ...EXPORT_FORMAT_IDS.map((format) => buildExportFile({ trace, format }).text),
    formatCurl({ http: request.http! }).result,
  ];
}

describe('the deployment form: …/openai/deployments/NAME?api-version=…', () => {
  it('the host sends the same URL and key headers as the openai SDK’s AzureOpenAI client: api-key, no Authorization', async () => {
    const before = recorder.received.length;
    const azure = new AzureOpenAI({ endpoint: recorder.url, deployment: 'mock', apiVersion: API_VERSION, apiKey: KEY, maxRetries: 0 });
    await azure.chat.completions.create({ model: MOCK_MODEL, messages: [{ role: 'user', content: QUESTION }], tools });
    const [oracle] = sentSince(before);

    const trace = await runAgainst(`${recorder.url}/openai/deployments/mock?api-version=${API_VERSION}`);
    expect(trace.status).toBe('complete');
    const [host] = sentSince(before + 1);
    expect(host!.url).toBe(`/openai/deployments/mock/chat/completions?api-version=${API_VERSION}`);
    expect(host!.url).toBe(oracle!.url);
    expect(host!.method).toBe(oracle!.method);
    expect(keyHeaders(host!.headers)).toEqual({ 'api-key': KEY, authorization: undefined, 'content-type': 'application/json' });
    expect(keyHeaders(host!.headers)).toEqual(keyHeaders(oracle!.headers));
  });

  it('the key is a secret everywhere the run is written: the step shows api-key: [redacted], and no export, the CLI text or curl holds it', async () => {
    const trace = await runAgainst(`${recorder.url}/openai/deployments/mock?api-version=${API_VERSION}`);
    expect(findCanonicalStep(trace, 8).http?.requestHeaders['api-key']).toBe('[redacted]');
    for (const text of writeDown(trace)) expect(text).not.toContain(KEY);
    expect(formatCurl({ http: findCanonicalStep(trace, 8).http! }).result).toContain(`-H 'api-key: '"$API_KEY"`);
  });

  it('a gateway that repeats the key in its error: the fault says [redacted]', async () => {
    const trace = await runAgainst(`${recorder.url}/openai/deployments/mock?api-version=${API_VERSION}`, { model: 'echo-key' });
    expect(trace.status).toBe('failed');
    expect(trace.steps.at(-1)?.fault?.what).toContain('Access denied for key [redacted].');
    expect(JSON.stringify(trace)).not.toContain(KEY);
  });

  it('in the CLI (--base-url, the key from OPENAI_API_KEY): api-key sent, and the printed trace holds no key', async () => {
    const before = recorder.received.length;
    const result = await runTraceCli(
      ['--model', 'real', '--whole', '--model-name', MOCK_MODEL, '--base-url', `${recorder.url}/openai/deployments/mock?api-version=${API_VERSION}`],
      { env: { ...process.env, OPENAI_API_KEY: KEY } },
    );
    expect(result.code, result.stderr).toBe(0);
    expect(sentSince(before).map((request) => keyHeaders(request.headers)['api-key'])).toEqual([KEY, KEY]);
    expect(result.stdout).not.toContain(KEY);
    expect(result.stderr).not.toContain(KEY);
  }, 60_000);
});

describe('the v1 form: https://RESOURCE.openai.azure.com/openai/v1', () => {
  /** Both clients' requests to Azure go to the recording server, each URL noted as the client wrote it; the rest (the host's MCP traffic) goes where it is sent. */
  function forwardingFetch(urls: string[]): typeof globalThis.fetch {
    return async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      if (url.hostname !== 'aoai-example.openai.azure.com') return fetch(input, init);
      urls.push(url.href);
      return fetch(`${recorder.url}${url.pathname}${url.search}`, init);
    };
  }

  it('the same URL as the openai client Microsoft’s v1 guide uses; the key as api-key, as its REST reference has it for a key', async () => {
    const base = 'https://aoai-example.openai.azure.com/openai/v1';
    const oracleUrls: string[] = [];
    const before = recorder.received.length;
    const client = new OpenAI({ baseURL: `${base}/`, apiKey: KEY, maxRetries: 0, fetch: forwardingFetch(oracleUrls) });
    await client.chat.completions.create({ model: MOCK_MODEL, messages: [{ role: 'user', content: QUESTION }], tools });
    const [oracle] = sentSince(before);

    const hostUrls: string[] = [];
    const trace = await runAgainst(base, { fetch: forwardingFetch(hostUrls) });
    expect(trace.status).toBe('complete');
    const [host] = sentSince(before + 1);
    expect(hostUrls[0]).toBe('https://aoai-example.openai.azure.com/openai/v1/chat/completions');
    expect(hostUrls[0]).toBe(oracleUrls[0]);
    // The openai client sends any key as a bearer token; on v1 Microsoft reads Authorization: Bearer as an Entra token and a key from api-key.
    expect(oracle!.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(keyHeaders(host!.headers)).toEqual({ 'api-key': KEY, authorization: undefined, 'content-type': 'application/json' });
    for (const text of writeDown(trace)) expect(text).not.toContain(KEY);
  });
});

describe('any other OpenAI-compatible server', () => {
  it('keeps Authorization: Bearer, with no api-key header', async () => {
    const before = recorder.received.length;
    const trace = await runAgainst(`${recorder.url}/v1`);
    expect(trace.status).toBe('complete');
    expect(keyHeaders(sentSince(before)[0]!.headers)).toEqual({ 'api-key': undefined, authorization: `Bearer ${KEY}`, 'content-type': 'application/json' });
  });
});
