import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TraceSchema } from '../../src/trace/trace.ts';
import { runLifecycle } from '../helpers/create-mock-run.ts';
import { runTraceCli } from '../helpers/run-trace-cli.ts';
import { useServer } from '../helpers/use-server.ts';

/**
 * The host against an OpenAI-compatible server as the others are (Azure, DeepSeek, a
 * local llama.cpp or vLLM): a real server on 127.0.0.1, written here, in front of the mock
 * model. It takes requests only under its path with `?api-version=` (Azure's query), needs
 * no key, sends calls without an id and a message-level `reasoning_content`, and refuses,
 * as DeepSeek's thinking mode does, a follow-up whose assistant turn left that field out.
 */

const API_VERSION = '2024-10-21';
const server = useServer();
let compatible: { url: string; close: () => Promise<void> };
const seen: { url: string; authorization: string | undefined; body: { messages?: Record<string, unknown>[] } }[] = [];

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

beforeAll(async () => {
  const http = createServer((request, response) => {
    void (async () => {
      const text = await readBody(request);
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      const body = JSON.parse(text) as { messages?: Record<string, unknown>[] };
      seen.push({ url: request.url ?? '', authorization: request.headers.authorization, body });
      const reply = (status: number, value: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(value));
      };
      if (url.pathname !== '/openai/deployments/mock/chat/completions' || url.searchParams.get('api-version') !== API_VERSION) {
        reply(404, { error: { code: '404', message: 'Resource not found' } });
        return;
      }
      const missing = (body.messages ?? []).findIndex(
        (message) => message.role === 'assistant' && Array.isArray(message.tool_calls) && typeof message.reasoning_content !== 'string',
      );
      if (missing >= 0) {
        reply(400, {
          error: {
            message: `Missing \`reasoning_content\` field in the assistant message at message index ${missing}.`,
            type: 'invalid_request_error',
            param: null,
            code: 'invalid_request_error',
          },
        });
        return;
      }
      const upstream = await fetch(`${server.url}/mock/openai/v1/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: text,
      });
      const completion = (await upstream.json()) as { choices: { message: Record<string, unknown> & { tool_calls?: Record<string, unknown>[] } }[] };
      const message = completion.choices[0]!.message;
      message.reasoning_content = 'The user asks for a sum; the tool computes it.';
      for (const call of message.tool_calls ?? []) delete call.id;
      reply(upstream.status, completion);
    })();
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  compatible = {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
});

afterAll(async () => {
  await compatible.close();
});

const baseUrl = () => `${compatible.url}/openai/deployments/mock?api-version=${API_VERSION}`;

describe('the host with an OpenAI-compatible server', () => {
  it('sends to the path before the base URL’s query, with no key, echoes reasoning_content and answers id-less calls by position', async () => {
    seen.length = 0;
    const trace = await runLifecycle({
      serverUrl: server.url,
      provider: { wire: 'openai-chat', kind: 'real', baseUrl: baseUrl(), model: 'mock-model-deterministic' },
    });
    expect(trace.status, JSON.stringify(trace.steps.at(-1)?.payload)).toBe('complete');
    expect(trace.answer).toBe('5 plus 7 is 12.');
    expect(seen.map((request) => request.url)).toEqual([
      `/openai/deployments/mock/chat/completions?api-version=${API_VERSION}`,
      `/openai/deployments/mock/chat/completions?api-version=${API_VERSION}`,
    ]);
    expect(seen.map((request) => request.authorization)).toEqual([undefined, undefined]);
    const followUp = seen[1]!.body.messages!;
    expect(followUp[1]).toMatchObject({
      role: 'assistant',
      reasoning_content: expect.any(String),
      tool_calls: [{ id: 'call_0', function: { name: 'add_numbers' } }],
    });
    expect(followUp[2]).toMatchObject({ role: 'tool', tool_call_id: 'call_0', content: 'Result: 12' });
    const translation = trace.steps.find((step) => step.id === 'host.translate-tool-result')!.translation!;
    expect(translation.warnings.map((warning) => warning.code)).toEqual(expect.arrayContaining(['assistant-field-echoed', 'tool-call-without-id']));
  });

  it('runs from the CLI with --base-url and no key in the environment', async () => {
    const env = { ...process.env };
    delete env.OPENAI_API_KEY;
    const result = await runTraceCli(
      ['What is 5 plus 7?', '--model', 'real', '--model-name', 'mock-model-deterministic', '--base-url', baseUrl(), '--whole', '--json'],
      { env, timeoutMs: 90_000 },
    );
    expect(result.code, result.stderr).toBe(0);
    expect(TraceSchema.parse(JSON.parse(result.stdout))).toMatchObject({ status: 'complete', answer: '5 plus 7 is 12.' });
  }, 100_000);

  it('still asks for a key for the provider’s own service', async () => {
    const env = { ...process.env };
    delete env.OPENAI_API_KEY;
    const result = await runTraceCli(['--model', 'real'], { env });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('needs a key: set OPENAI_API_KEY');
  }, 60_000);
});
