import { createAnthropicStreamReader } from './anthropic/read-anthropic-stream.ts';
import { createGeminiStreamReader } from './gemini/read-gemini-stream.ts';
import { createOllamaStreamReader } from './ollama/read-ollama-stream.ts';
import { createOpenAiChatStreamReader } from './openai-chat/read-openai-chat-stream.ts';
import { createOpenAiResponsesStreamReader } from './openai-responses/read-openai-responses-stream.ts';
import type { CallArrival, StreamReader } from './stream-reader.ts';
import type { ProviderHttpRequest } from './types.ts';
import { asksForStreamUsage } from './chat-stream-usage.ts';

/**
 * How each wire format streams a reply: how the request asks for it, how the body is cut
 * into frames, whether tool calls come in pieces or whole, and the reader that puts the
 * reply back together. The request is the one the format builds whole, asked to stream.
 */
export type WireStream = {
  framing: 'sse' | 'ndjson';
  arrival: CallArrival;
  /** What says the reply is over, as the learner finds it in the frames: a stream that stops without it did not finish. */
  end: string;
  /** `where` the request goes decides what a format may add that only some servers take (Chat Completions' usage chunk). */
  requestStream(request: ProviderHttpRequest, where: { baseUrl: string; kind: 'mock' | 'real' }): ProviderHttpRequest;
  createReader(): StreamReader;
};

const withBody = (request: ProviderHttpRequest, fields: Record<string, unknown>): ProviderHttpRequest => ({ ...request, body: { ...request.body, ...fields } });

const CHAT_COMPLETIONS: WireStream = {
  framing: 'sse',
  arrival: 'fragments',
  // The OpenAI SDK reads a reply as whole from its finish_reason, with or without the [DONE] after it.
  end: 'choices[0].finish_reason',
  // Usage comes in a last chunk only when asked for; the host asks where the format documents it (chat-stream-usage.ts).
  requestStream: (request, where) => withBody(request, { stream: true, ...(asksForStreamUsage(where) ? { stream_options: { include_usage: true } } : {}) }),
  createReader: createOpenAiChatStreamReader,
};

const WIRE_STREAMS: Record<string, WireStream> = {
  'openai-chat': CHAT_COMPLETIONS,
  'openai-functions': CHAT_COMPLETIONS,
  'openai-responses': {
    framing: 'sse',
    arrival: 'fragments',
    end: 'response.completed (or response.incomplete)',
    requestStream: (request) => withBody(request, { stream: true }),
    createReader: createOpenAiResponsesStreamReader,
  },
  anthropic: {
    framing: 'sse',
    arrival: 'fragments',
    end: 'message_stop',
    requestStream: (request) => withBody(request, { stream: true }),
    createReader: createAnthropicStreamReader,
  },
  gemini: {
    framing: 'sse',
    arrival: 'whole',
    // A blocked prompt ends the stream too: its chunk has no candidate, only promptFeedback.blockReason.
    end: 'candidates[0].finishReason',
    // Without alt=sse Gemini streams one JSON array; with it, one SSE event per chunk.
    requestStream: (request) => ({ ...request, path: request.path.replace(/:generateContent$/, ':streamGenerateContent?alt=sse') }),
    createReader: createGeminiStreamReader,
  },
  ollama: {
    framing: 'ndjson',
    arrival: 'whole',
    end: '"done": true',
    requestStream: (request) => withBody(request, { stream: true }),
    createReader: createOllamaStreamReader,
  },
};

/** How a wire format streams, or undefined for an id no format has. */
export function getWireStream(wire: string): WireStream | undefined {
  return WIRE_STREAMS[wire];
}
