import { TOOL_ERROR_MARKER } from '../../src/trace/tool-error-markers.ts';

/**
 * Talks to the mock model over HTTP in each of the six wire formats, the way the host
 * would: posts the question and the tools, reads the calls as they came, and posts the
 * follow-up with the assistant turn echoed and the tool results in that format's shape
 * (the host's words for isError first where a format has no error flag, src/trace/tool-error-markers.ts;
 * is_error in Anthropic, response.error in Gemini). Written by hand from the formats, not with the host's adapters, so these
 * tests check the endpoints on their own.
 */

export type ToolDefinition = { name: string; description: string; parameters: Record<string, unknown> };
/** A call as the response carried it: the arguments exactly as written, string or object. */
export type WireCall = { id?: string; name: string; arguments: unknown };
export type WireTurn = { status: number; rawBody: string; calls: WireCall[]; text: string | null; model: string };
export type ToolOutcome = { text: string; isError: boolean };

export type WireId = 'openai-chat' | 'openai-functions' | 'openai-responses' | 'anthropic' | 'gemini' | 'ollama';
/** Formats whose arguments are a JSON string; the others carry an object. */
export const STRING_ARGUMENT_WIRES: WireId[] = ['openai-chat', 'openai-functions', 'openai-responses'];
export const WIRE_IDS: WireId[] = ['openai-chat', 'openai-functions', 'openai-responses', 'anthropic', 'gemini', 'ollama'];

type Json = Record<string, unknown>;
type Format = {
  url: (base: string, model: string) => string;
  headers?: Record<string, string>;
  body: (model: string, history: unknown[], tools: ToolDefinition[]) => Json;
  start: (question: string) => unknown[];
  read: (body: Json) => { calls: WireCall[]; text: string | null; model: string; turn: unknown[] };
  answer: (calls: WireCall[], outcomes: ToolOutcome[]) => unknown[];
};

const withErrorPrefix = (outcome: ToolOutcome) => (outcome.isError ? `${TOOL_ERROR_MARKER}${outcome.text}` : outcome.text);

type ChatMessage = {
  content?: string | null;
  tool_calls?: { id: string; function: { name: string; arguments: string } }[];
  function_call?: { name: string; arguments: string };
};
const chatMessage = (body: Json) => (body.choices as { message: ChatMessage }[])[0]!.message;

const FORMATS: Record<WireId, Format> = {
  'openai-chat': {
    url: (base) => `${base}/mock/openai/v1/chat/completions`,
    body: (model, messages, tools) => ({ model, messages, tools: tools.map((tool) => ({ type: 'function', function: tool })) }),
    start: (question) => [{ role: 'user', content: question }],
    read: (body) => {
      const message = chatMessage(body);
      const calls = (message.tool_calls ?? []).map((call) => ({ id: call.id, name: call.function.name, arguments: call.function.arguments }));
      return { calls, text: message.content ?? null, model: body.model as string, turn: [message] };
    },
    answer: (calls, outcomes) => calls.map((call, index) => ({ role: 'tool', tool_call_id: call.id, content: withErrorPrefix(outcomes[index]!) })),
  },
  'openai-functions': {
    url: (base) => `${base}/mock/openai-functions/v1/chat/completions`,
    body: (model, messages, tools) => ({ model, messages, functions: tools }),
    start: (question) => [{ role: 'user', content: question }],
    read: (body) => {
      const message = chatMessage(body);
      const calls = message.function_call ? [{ name: message.function_call.name, arguments: message.function_call.arguments }] : [];
      return { calls, text: message.content ?? null, model: body.model as string, turn: [message] };
    },
    answer: (calls, outcomes) => calls.map((call, index) => ({ role: 'function', name: call.name, content: withErrorPrefix(outcomes[index]!) })),
  },
  'openai-responses': {
    url: (base) => `${base}/mock/openai-responses/v1/responses`,
    body: (model, input, tools) => ({ model, input, tools: tools.map((tool) => ({ type: 'function', ...tool })) }),
    start: (question) => [{ role: 'user', content: question }],
    read: (body) => {
      const output = body.output as { type: string; call_id?: string; name?: string; arguments?: string; content?: { text: string }[] }[];
      const calls = output.filter((item) => item.type === 'function_call').map((item) => ({ id: item.call_id, name: item.name!, arguments: item.arguments }));
      const message = output.find((item) => item.type === 'message');
      return { calls, text: message?.content?.[0]?.text ?? null, model: body.model as string, turn: output };
    },
    answer: (calls, outcomes) => calls.map((call, index) => ({ type: 'function_call_output', call_id: call.id, output: withErrorPrefix(outcomes[index]!) })),
  },
  anthropic: {
    url: (base) => `${base}/mock/anthropic/v1/messages`,
    headers: { 'anthropic-version': '2023-06-01' },
    body: (model, messages, tools) => ({
      model,
      max_tokens: 1024,
      messages,
      tools: tools.map(({ parameters, ...tool }) => ({ ...tool, input_schema: parameters })),
    }),
    start: (question) => [{ role: 'user', content: question }],
    read: (body) => {
      const content = body.content as { type: string; id?: string; name?: string; input?: unknown; text?: string }[];
      const calls = content.filter((block) => block.type === 'tool_use').map((block) => ({ id: block.id, name: block.name!, arguments: block.input }));
      const text = content.find((block) => block.type === 'text')?.text ?? null;
      return { calls, text, model: body.model as string, turn: [{ role: 'assistant', content }] };
    },
    answer: (calls, outcomes) => [
      {
        role: 'user',
        content: calls.map((call, index) => ({
          type: 'tool_result',
          tool_use_id: call.id,
          content: [{ type: 'text', text: outcomes[index]!.text }],
          ...(outcomes[index]!.isError ? { is_error: true } : {}),
        })),
      },
    ],
  },
  gemini: {
    url: (base, model) => `${base}/mock/gemini/v1beta/models/${model}:generateContent`,
    body: (_model, contents, tools) => ({
      contents,
      tools: [{ functionDeclarations: tools.map(({ parameters, ...tool }) => ({ ...tool, parametersJsonSchema: parameters })) }],
    }),
    start: (question) => [{ role: 'user', parts: [{ text: question }] }],
    read: (body) => {
      const content = (
        body.candidates as { content: { role: string; parts: { text?: string; functionCall?: { id?: string; name: string; args?: unknown } }[] } }[]
      )[0]!.content;
      const calls = content.parts.flatMap((part) =>
        part.functionCall ? [{ id: part.functionCall.id, name: part.functionCall.name, arguments: part.functionCall.args }] : [],
      );
      const text = content.parts.find((part) => part.text !== undefined)?.text ?? null;
      return { calls, text, model: body.modelVersion as string, turn: [content] };
    },
    answer: (calls, outcomes) => [
      {
        role: 'user',
        parts: calls.map((call, index) => ({
          functionResponse: {
            id: call.id,
            name: call.name,
            response: outcomes[index]!.isError ? { error: outcomes[index]!.text } : { output: outcomes[index]!.text },
          },
        })),
      },
    ],
  },
  ollama: {
    url: (base) => `${base}/mock/ollama/api/chat`,
    body: (model, messages, tools) => ({ model, messages, tools: tools.map((tool) => ({ type: 'function', function: tool })), stream: false }),
    start: (question) => [{ role: 'user', content: question }],
    read: (body) => {
      const message = body.message as { content: string; tool_calls?: { id?: string; function: { name: string; arguments: unknown } }[] };
      const calls = (message.tool_calls ?? []).map((call) => ({ id: call.id, name: call.function.name, arguments: call.function.arguments }));
      return { calls, text: message.tool_calls ? null : message.content, model: body.model as string, turn: [message] };
    },
    answer: (calls, outcomes) =>
      calls.map((call, index) => ({ role: 'tool', tool_name: call.name, tool_call_id: call.id, content: withErrorPrefix(outcomes[index]!) })),
  },
};

/** One conversation with the mock in one format: send, then answer the calls, as many rounds as the test wants. */
export function startConversation({
  base,
  wire,
  model,
  question,
  tools,
}: {
  base: string;
  wire: WireId;
  model: string;
  question: string;
  tools: ToolDefinition[];
}) {
  const format = FORMATS[wire];
  let history = format.start(question);
  let pendingCalls: WireCall[] = [];
  return {
    async send(): Promise<WireTurn> {
      const response = await fetch(format.url(base, model), {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...format.headers },
        body: JSON.stringify(format.body(model, history, tools)),
      });
      const rawBody = await response.text();
      if (response.status !== 200) return { status: response.status, rawBody, calls: [], text: null, model: '' };
      const read = format.read(JSON.parse(rawBody) as Json);
      history = [...history, ...read.turn];
      pendingCalls = read.calls;
      return { status: response.status, rawBody, calls: read.calls, text: read.text, model: read.model };
    },
    answer(outcomes: ToolOutcome[]): void {
      history = [...history, ...format.answer(pendingCalls, outcomes)];
    },
  };
}
