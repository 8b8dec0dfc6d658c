import type { FetchLike } from '@modelcontextprotocol/client';
import { ExchangeStopped, type ExchangeLimits } from '../mcp/exchange-bounds.ts';
import { recordExchange, type RecordedAnswer, type RecordedExchange } from '../mcp/recording-fetch.ts';
import { ProviderReplyError, type ProviderHttpRequest, type ProviderReply, type WireAdapter } from '../providers/types.ts';
import { explainProviderStop } from './explain-exchange-stop.ts';
import { joinProviderUrl } from '../providers/join-provider-url.ts';
import { HostFault, RunAborted, explainProviderFailure } from './faults.ts';
import { readRetryAfterMs } from './retry-after.ts';
import type { HttpExchange, Phase, SseFrame, StreamSummary } from '../trace/trace.ts';
import { createStreamedReplyCollector } from './collect-streamed-reply.ts';
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
  /** Ask for the reply streamed, as real hosts do; the host then reads it frame by frame. */
  stream?: boolean;
};

export type ProviderResponse = {
  reply: ProviderReply;
  body: unknown;
  http: HttpExchange;
  /** The mock model says which rule it followed; real providers say nothing here. */
  reasoning: string | undefined;
  /** How a streamed reply was read; the body above is then the reply reassembled from its frames. */
  stream?: StreamSummary;
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
  /** The call's bounds in all (time, frames, bytes): a provider that streams forever is stopped. */
  limits?: ExchangeLimits;
  phase: Phase;
  onExchange: (http: HttpExchange) => void;
  /** One more frame of a streamed reply; the exchange given to onExchange does not repeat the frames. */
  onFrame?: (framing: 'sse' | 'ndjson', frame: SseFrame) => void;
}): Promise<ProviderResponse> {
  const { adapter, settings, request, signal, phase } = input;
  const address = joinProviderUrl({ baseUrl: settings.baseUrl, path: request.path });
  // The reply is read from here into steps, faults and the answer: a key the provider
  // echoes back must not reach them, as it does not reach the recorded exchange.
  const secrets = [...(settings.apiKey ? [settings.apiKey] : []), ...collectSecretValues({ headers: request.headers, url: address })];
  const url = redactUrl({ url: address, secrets });
  let exchange: RecordedExchange | undefined;
  let answer: RecordedAnswer;
  let text = '';
  // Whatever the settings say, a reply that comes as a stream (a request edited at the gate to ask for one) is read as one.
  const collector = createStreamedReplyCollector({ wire: adapter.id });
  // The body is read inside the same guard: an event stream's bounds end it while it is read.
  try {
    answer = await recordExchange(
      address,
      { method: 'POST', headers: request.headers, body: JSON.stringify(request.body), signal },
      {
        fetch: input.fetch,
        secrets,
        timeoutMs: input.timeoutMs,
        ...(input.limits ? { limits: input.limits } : {}),
        listener: (event) => {
          exchange = event.exchange;
          const framed = collector.take(event);
          if (framed) input.onFrame?.(framed.framing, framed.frame);
          // A plain body is read before its answer is told, and its end follows at once: the end's copy is the one to keep.
          else if (!(event.type === 'response' && event.exchange.responseBody !== undefined)) input.onExchange(snapshotExchange(event.exchange));
        },
      },
    );
    // A stream that breaks off is explained from its frames below; one stopped by a bound is explained here.
    if (answer.kind === 'read') text = redactSecretValues({ text: answer.text, secrets });
    else if (collector.streaming()) await answer.response.arrayBuffer().catch((error: unknown) => { if (error instanceof ExchangeStopped) throw error; });
    else text = redactSecretValues({ text: await answer.response.text(), secrets });
  } catch (error) {
    if (signal.aborted) throw new RunAborted();
    if (error instanceof ExchangeStopped) throw new HostFault(explainProviderStop({ stop: error.stop, url, label: adapter.label }), phase);
    throw new HostFault(explainProviderFailure({ error, url, label: adapter.label, kind: settings.kind }), phase);
  }
  const response = answer.kind === 'streamed' ? answer.response : answer;
  if (collector.streaming()) return readStreamedReply({ adapter, settings, headers: response.headers, collector, exchange, url, secrets, phase, signal });
  const http = exchange ? snapshotExchange(exchange) : { method: 'POST', url, requestHeaders: {} };
  if (!response.ok) {
    const retryAfterMs = response.status === 429 ? readRetryAfterMs({ value: response.headers.get('retry-after'), now: Date.now() }) : undefined;
    const fault = explainProviderFailure({ status: response.status, body: text, url, label: adapter.label, kind: settings.kind, ...(retryAfterMs === undefined ? {} : { retryAfterMs }) });
    throw new HostFault(fault, phase, response.status === 429 ? { rateLimit: { waitMs: retryAfterMs } } : {});
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

/** A streamed reply: read by the collector from the recorder's frames; the caller's copy of the body is drained unread. */
async function readStreamedReply(input: {
  adapter: WireAdapter;
  settings: ProviderSettings;
  headers: Headers;
  collector: ReturnType<typeof createStreamedReplyCollector>;
  exchange: RecordedExchange | undefined;
  url: string;
  secrets: string[];
  phase: Phase;
  signal: AbortSignal;
}): Promise<ProviderResponse> {
  const { adapter, settings, headers, collector, url, phase } = input;
  await collector.ended;
  if (input.signal.aborted) throw new RunAborted();
  const http = input.exchange ? snapshotExchange(input.exchange) : { method: 'POST', url, requestHeaders: {} };
  const explain = (why: string) => new HostFault({ ...explainProviderFailure({ status: 200, url, label: adapter.label, kind: settings.kind }), why }, phase);
  if (http.error) throw explain(`The stream broke off after ${(http.sse ?? http.ndjson ?? []).length} frames: ${http.error}.`);
  try {
    const { body, summary } = collector.finish();
    const reply = adapter.readResponse({ body });
    const reasoning = headers.get('x-mock-reasoning');
    return { reply, body, http, stream: summary, reasoning: reasoning === null ? undefined : redactSecretValues({ text: reasoning, secrets: input.secrets }) };
  } catch (error) {
    if (!(error instanceof ProviderReplyError)) throw error;
    throw explain(error.message);
  }
}
