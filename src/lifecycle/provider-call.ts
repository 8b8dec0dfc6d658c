import type { FaultWords } from './fault-words.ts';
import type { FetchLike } from '@modelcontextprotocol/client';
import { ExchangeStopped, type ExchangeLimits, recordExchange, type RecordedAnswer, type RecordedExchange } from '../mcp/index.ts';
import {
  ProviderReplyError,
  type ProviderHttpRequest,
  type ProviderReply,
  type WireAdapter,
  createInterruptedReply,
  readBodyCut,
  readStreamCut,
  joinProviderUrl,
} from '../providers/index.ts';
import { explainProviderStop } from './explain-exchange-stop.ts';
import { HostFault, RunAborted } from './faults.ts';
import { explainProviderFailure } from './provider-faults.ts';
import { explainProviderMcpFailure } from '../content/index.ts';
import { readRetryAfterMs } from './retry-after.ts';
import type { HttpExchange, Phase, SseFrame, StreamSummary } from '../trace/index.ts';
import { createStreamedReplyCollector, type StreamedReplyCollector } from './collect-streamed-reply.ts';
import { snapshotExchange } from './trace-writer.ts';
import { collectSecretValues, redactSecretValues, redactUrl } from '../trace/index.ts';

export type ProviderSettings = {
  wire: string;
  /** `tab` is the model in the learner's tab (RunOptions.tabModel): no base URL, no key, no HTTP. */
  kind: 'mock' | 'real' | 'tab';
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
  /** The exchange on the wire; none for the model in the tab, which is reached by no HTTP request. */
  http?: HttpExchange;
  /** The mock model says which rule it followed; real providers say nothing here. */
  reasoning: string | undefined;
  /** How a streamed reply was read; the body above is then the reply reassembled from its frames. */
  stream?: StreamSummary;
};

/** A provider request as it leaves: its body is the learner's, when they edited it at the gate, whatever they wrote. */
export type SentProviderRequest = Omit<ProviderHttpRequest, 'body'> & { body: unknown };

/** What one provider call is given. */
export type ProviderCallInput = {
  adapter: WireAdapter;
  settings: ProviderSettings;
  request: SentProviderRequest;
  fetch?: FetchLike;
  signal: AbortSignal;
  timeoutMs: number;
  /** The call's bounds in all (time, frames, bytes): a provider that streams forever is stopped. */
  limits?: ExchangeLimits;
  phase: Phase;
  /** Provider-side MCP: the server the provider was told to call, so that its refusal about that server is explained as one. */
  providerMcpServerUrl?: string;
  onExchange: (http: HttpExchange) => void;
  /** One more frame of a streamed reply; the exchange given to onExchange does not repeat the frames. */
  onFrame?: (framing: 'sse' | 'ndjson', frame: SseFrame) => void;
  /** What to do after a fault, in the words of where it is read. */
  say: FaultWords;
};

/** One recorded provider call: sends the request, reads the reply, or explains why it could not. */
export async function callProvider(input: ProviderCallInput): Promise<ProviderResponse> {
  const { adapter, settings, request, signal, phase, say } = input;
  const address = joinProviderUrl({ baseUrl: settings.baseUrl, path: request.path });
  // The reply is read from here into steps, faults and the answer: a key the provider
  // echoes back must not reach them, as it does not reach the recorded exchange.
  const secrets = [...(settings.apiKey ? [settings.apiKey] : []), ...collectSecretValues({ headers: request.headers, url: address })];
  const url = redactUrl({ url: address, secrets });
  const seen: SeenExchange = {};
  // Whatever the settings say, a reply that comes as a stream (a request edited at the gate to ask for one) is read as one.
  const collector = createStreamedReplyCollector({ wire: adapter.id });
  let sent: { answer: RecordedAnswer; text: string };
  try {
    sent = await sendRecorded(input, { address, secrets, collector, seen });
  } catch (error) {
    if (signal.aborted) throw new RunAborted();
    if (error instanceof ExchangeStopped) throw new HostFault(explainProviderStop({ stop: error.stop, url, label: adapter.label, say }), phase);
    // The answer had begun (a 2xx and part of its body) when the connection broke: the reply was interrupted, not refused.
    const broken = readBrokenBody(seen.exchange, error);
    if (broken) return broken;
    throw new HostFault(explainProviderFailure({ error, url, label: adapter.label, kind: settings.kind, say }), phase);
  }
  const { answer, text } = sent;
  const response = answer.kind === 'streamed' ? answer.response : answer;
  if (collector.streaming())
    return readStreamedReply({ adapter, settings, headers: response.headers, collector, exchange: seen.exchange, url, secrets, phase, signal, say });
  const http = seen.exchange ? snapshotExchange(seen.exchange) : { method: 'POST', url, requestHeaders: {} };
  if (!response.ok) throw refuseReply({ response, text, url, label: adapter.label, kind: settings.kind, say, phase, mcpServerUrl: input.providerMcpServerUrl });
  return readWholeReply({ adapter, settings, text, headers: response.headers, http, url, secrets, phase, say });
}

/** The exchange as the recorder last told it, kept for the reading that follows (and for a body that broke off). */
type SeenExchange = { exchange?: RecordedExchange };

/**
 * Sends the request through the recorder, which tells each event of the exchange on (its
 * frames to the collector), and reads a whole body as text, without the secrets. The body
 * is read inside the same guard: an event stream's bounds end it while it is read.
 */
async function sendRecorded(
  input: ProviderCallInput,
  { address, secrets, collector, seen }: { address: string; secrets: string[]; collector: StreamedReplyCollector; seen: SeenExchange },
): Promise<{ answer: RecordedAnswer; text: string }> {
  const answer = await recordExchange(
    address,
    { method: 'POST', headers: input.request.headers, body: JSON.stringify(input.request.body), signal: input.signal },
    {
      fetch: input.fetch,
      secrets,
      timeoutMs: input.timeoutMs,
      ...(input.limits ? { limits: input.limits } : {}),
      listener: (event) => {
        seen.exchange = event.exchange;
        const framed = collector.take(event);
        if (framed) input.onFrame?.(framed.framing, framed.frame);
        // A plain body is read before its answer is told, and its end follows at once: the end's copy is the one to keep.
        else if (!(event.type === 'response' && event.exchange.responseBody !== undefined)) input.onExchange(snapshotExchange(event.exchange));
      },
    },
  );
  // A stream that breaks off is explained from its frames later; one stopped by a bound is explained by the caller.
  if (answer.kind === 'read') return { answer, text: redactSecretValues({ text: answer.text, secrets }) };
  if (collector.streaming()) {
    await answer.response.arrayBuffer().catch((error: unknown) => {
      if (error instanceof ExchangeStopped) throw error;
    });
    return { answer, text: '' };
  }
  return { answer, text: redactSecretValues({ text: await answer.response.text(), secrets }) };
}

/** A whole 2xx body: the reply the format reads from its JSON, or an interrupted one when the JSON stopped before it closed. */
function readWholeReply(input: {
  adapter: WireAdapter;
  settings: ProviderSettings;
  text: string;
  headers: Headers;
  http: HttpExchange;
  url: string;
  secrets: string[];
  phase: Phase;
  say: FaultWords;
}): ProviderResponse {
  const { adapter, settings, text, http, url, phase, say } = input;
  const reasoning = readReasoning(input.headers, input.secrets);
  const explain = (why: string) =>
    new HostFault({ ...explainProviderFailure({ status: 200, url, label: adapter.label, kind: settings.kind, say }), why }, phase);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    // A body that began as JSON and stopped before it closed came cut, not wrong.
    const cut = readBodyCut({ text });
    if (cut) return { reply: createInterruptedReply({ stop: cut, text: '', finishReason: null }), body: text, http, reasoning };
    throw explain(`The body is not JSON: it begins “${text.slice(0, 80)}”.`);
  }
  try {
    return { reply: adapter.readResponse({ body }), body, http, reasoning };
  } catch (error) {
    if (!(error instanceof ProviderReplyError)) throw error;
    throw explain(error.message);
  }
}

/**
 * The fault of a reply that is not 2xx. With provider-side MCP, a refusal about the server the
 * provider was given is its own MCP client failing there: that, not the key or the model, is the story.
 */
function refuseReply(input: {
  response: { status: number; headers: Headers };
  text: string;
  url: string;
  label: string;
  kind: ProviderSettings['kind'];
  say: FaultWords;
  phase: Phase;
  mcpServerUrl: string | undefined;
}): HostFault {
  const { response, text, url, label, kind, say, phase } = input;
  const retryAfterMs = response.status === 429 ? readRetryAfterMs({ value: response.headers.get('retry-after'), now: Date.now() }) : undefined;
  const fault = explainProviderFailure({ status: response.status, body: text, url, label, kind, say, ...(retryAfterMs === undefined ? {} : { retryAfterMs }) });
  const mcp = input.mcpServerUrl === undefined ? undefined : explainProviderMcpFailure({ status: response.status, body: text, serverUrl: input.mcpServerUrl });
  return new HostFault(mcp ? { ...fault, ...mcp } : fault, phase, response.status === 429 ? { rateLimit: { waitMs: retryAfterMs } } : {});
}

/** The mock model says which rule it followed; real providers say nothing here. */
function readReasoning(headers: Headers, secrets: string[]): string | undefined {
  const reasoning = headers.get('x-mock-reasoning');
  return reasoning === null ? undefined : redactSecretValues({ text: reasoning, secrets });
}

/**
 * A whole body whose connection broke after a 2xx began it: what came is kept in the
 * exchange, and the reply is interrupted. Undefined for any other failure (no answer, a
 * timeout: the host's own clock is its own fault).
 */
function readBrokenBody(exchange: RecordedExchange | undefined, error: unknown): ProviderResponse | undefined {
  const status = exchange?.status;
  if (!exchange || status === undefined || status < 200 || status > 299 || exchange.responseBody === undefined) return undefined;
  if (error instanceof Error && error.name === 'TimeoutError') return undefined;
  const stop = readBodyCut({ text: exchange.responseBody, error: exchange.error ?? 'the connection closed' });
  return (
    stop && {
      reply: createInterruptedReply({ stop, text: '', finishReason: null }),
      body: exchange.responseBody,
      http: snapshotExchange(exchange),
      reasoning: undefined,
    }
  );
}

/**
 * A streamed reply: read by the collector from the recorder's frames; the caller's copy of
 * the body is drained unread. A frame the format does not send fails the call (it names
 * the frame); a stream that stopped before its end, closed or broken, is an interrupted reply.
 */
async function readStreamedReply(input: {
  adapter: WireAdapter;
  settings: ProviderSettings;
  headers: Headers;
  collector: StreamedReplyCollector;
  exchange: RecordedExchange | undefined;
  url: string;
  secrets: string[];
  phase: Phase;
  signal: AbortSignal;
  say: FaultWords;
}): Promise<ProviderResponse> {
  const { adapter, settings, headers, collector, url, phase, say } = input;
  await collector.ended;
  if (input.signal.aborted) throw new RunAborted();
  const http = input.exchange ? snapshotExchange(input.exchange) : { method: 'POST', url, requestHeaders: {} };
  const explain = (why: string) =>
    new HostFault({ ...explainProviderFailure({ status: 200, url, label: adapter.label, kind: settings.kind, say }), why }, phase);
  const reasoning = readReasoning(headers, input.secrets);
  try {
    const { body, summary } = collector.finish();
    // Bytes came and no frame: the first frame could not be read at all, which is not a stream cut short.
    if (summary.frames === 0 && http.responseBody !== undefined)
      throw explain(
        `Frame 1 of the stream could not be read: the body holds no ${summary.framing === 'sse' ? 'server-sent event' : 'line'} (it begins “${http.responseBody.slice(0, 80)}”).`,
      );
    const cut = readStreamCut({ wire: adapter.id, view: summary, ...(http.error === undefined ? {} : { error: http.error }) });
    if (cut)
      return { reply: createInterruptedReply({ stop: cut, text: summary.text, finishReason: summary.finishReason }), body, http, stream: summary, reasoning };
    const reply = adapter.readResponse({ body });
    return { reply, body, http, stream: summary, reasoning };
  } catch (error) {
    if (!(error instanceof ProviderReplyError)) throw error;
    throw explain(error.message);
  }
}
