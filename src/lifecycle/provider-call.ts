import type { FetchLike } from '@modelcontextprotocol/client';
import { performRecordedExchange, type RecordedExchange } from '../mcp/recording-fetch.ts';
import { ProviderReplyError, type ProviderHttpRequest, type ProviderReply, type WireAdapter } from '../providers/types.ts';
import { joinProviderUrl } from '../providers/join-provider-url.ts';
import { HostFault, RunAborted, explainProviderFailure } from './faults.ts';
import type { HttpExchange, Phase } from '../trace/trace.ts';
import { snapshotExchange } from './trace-writer.ts';
import { collectSecretValues, redactSecretValues, redactUrl } from '../trace/secrets.ts';

export type ProviderSettings = {
  wire: string;
  kind: 'mock' | 'real';
  /** Everything before the format's own path, e.g. https://api.openai.com/v1 or http://127.0.0.1:3000/mock/openai/v1. */
  baseUrl: string;
  model: string;
  /** Sent only to this provider; never recorded (the recorder redacts it). */
  apiKey?: string;
  /** OpenAI strict mode for tool schemas, where the format has it. */
  strict?: boolean;
};

export type ProviderResponse = {
  reply: ProviderReply;
  body: unknown;
  http: HttpExchange;
  /** The mock model says which rule it followed; real providers say nothing here. */
  reasoning: string | undefined;
};

/** A provider request as it leaves: its body is the learner's, when they edited it at the gate, whatever they wrote. */
export type SentProviderRequest = Omit<ProviderHttpRequest, 'body'> & { body: unknown };

/** One recorded provider call: sends the request, reads the reply, or explains why it could not. */
export async function callProvider(input: {
  adapter: WireAdapter;
  settings: ProviderSettings;
  request: SentProviderRequest;
  fetch?: FetchLike;
  signal: AbortSignal;
  timeoutMs: number;
  phase: Phase;
  onExchange: (http: HttpExchange) => void;
}): Promise<ProviderResponse> {
  const { adapter, settings, request, signal, phase } = input;
  const address = joinProviderUrl({ baseUrl: settings.baseUrl, path: request.path });
  // The reply is read from here into steps, faults and the answer: a key the provider
  // echoes back must not reach them, as it does not reach the recorded exchange.
  const secrets = [...(settings.apiKey ? [settings.apiKey] : []), ...collectSecretValues({ headers: request.headers, url: address })];
  const url = redactUrl({ url: address, secrets });
  let exchange: RecordedExchange | undefined;
  let response: Response;
  try {
    response = await performRecordedExchange(
      address,
      { method: 'POST', headers: request.headers, body: JSON.stringify(request.body), signal },
      {
        fetch: input.fetch,
        secrets,
        timeoutMs: input.timeoutMs,
        listener: (event) => {
          exchange = event.exchange;
          input.onExchange(snapshotExchange(event.exchange));
        },
      },
    );
  } catch (error) {
    if (signal.aborted) throw new RunAborted();
    throw new HostFault(explainProviderFailure({ error, url, label: adapter.label, kind: settings.kind }), phase);
  }
  const text = redactSecretValues({ text: await response.text(), secrets });
  const http = exchange ? snapshotExchange(exchange) : { method: 'POST', url, requestHeaders: {} };
  if (!response.ok) {
    throw new HostFault(explainProviderFailure({ status: response.status, body: text, url, label: adapter.label, kind: settings.kind }), phase);
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new HostFault({
      ...explainProviderFailure({ status: 200, url, label: adapter.label, kind: settings.kind }),
      why: `The body is not JSON: it begins “${text.slice(0, 80)}”.`,
    }, phase);
  }
  try {
    const reply = adapter.readResponse({ body });
    const reasoning = response.headers.get('x-mock-reasoning');
    return { reply, body, http, reasoning: reasoning === null ? undefined : redactSecretValues({ text: reasoning, secrets }) };
  } catch (error) {
    if (!(error instanceof ProviderReplyError)) throw error;
    throw new HostFault({
      ...explainProviderFailure({ status: 200, url, label: adapter.label, kind: settings.kind }),
      why: error.message,
    }, phase);
  }
}
