import { z } from 'zod';
import { MOCK_MODEL_NAME } from '../../src/trace/index.ts';
import { countTokens, readToolOutcome, readArgumentsText, writeArgumentsText, type MockReply, type MockTool, type MockToolExchange } from './mock-reply.ts';
import { checkOpenAiStrictSchema, checkOpenAiToolName } from './check-openai-tools.ts';
import { readMockVariant } from './mock-variants.ts';
import { writeOpenAiError } from './openai-error.ts';
import { jsonResponse } from '../shared/index.ts';
import { createMockEndpoint, MockRequestFault, type MockAnswer, type MockConversation, type MockEndpoint } from './serve-mock-endpoint.ts';
import { stableCallId, stableId } from './stable-id.ts';
import { streamOpenAiChatAnswer, type ChatCompletionAnswer } from './stream-openai-chat-answer.ts';

/**
 * The mock model behind `POST /mock/openai/v1/chat/completions`, in the OpenAI Chat
 * Completions wire format: same request fields, same response shape, same error shape.
 * Only the fields the mock reads are parsed; everything else is accepted as OpenAI would.
 * A request with the deprecated `functions` field is answered the legacy way, as the
 * real endpoint does: one `message.function_call`, finish_reason "function_call".
 */

const TextPartSchema = z.object({ type: z.literal('text'), text: z.string() });
const ContentSchema = z.union([z.string(), z.array(z.union([TextPartSchema, z.looseObject({ type: z.string() })]))]).nullish();

const ToolCallSchema = z.object({
  id: z.string(),
  type: z.literal('function'),
  function: z.object({ name: z.string(), arguments: z.string() }),
});

const FunctionCallSchema = z.object({ name: z.string(), arguments: z.string() });

const MessageSchema = z.discriminatedUnion('role', [
  z.looseObject({ role: z.literal('system'), content: ContentSchema }),
  z.looseObject({ role: z.literal('developer'), content: ContentSchema }),
  z.looseObject({ role: z.literal('user'), content: ContentSchema }),
  z.looseObject({
    role: z.literal('assistant'),
    content: ContentSchema,
    tool_calls: z.array(ToolCallSchema).optional(),
    function_call: FunctionCallSchema.nullish(),
  }),
  z.looseObject({ role: z.literal('tool'), content: ContentSchema, tool_call_id: z.string() }),
  z.looseObject({ role: z.literal('function'), content: z.string().nullable(), name: z.string() }),
]);

const FunctionSchema = z.object({
  name: z.string(),
  description: z.string().optional(),
  parameters: z.record(z.string(), z.unknown()).optional(),
});

const ToolSchema = z.object({
  type: z.literal('function'),
  function: z.object({
    name: z.string(),
    description: z.string().optional(),
    parameters: z.record(z.string(), z.unknown()).optional(),
    strict: z.boolean().nullish(),
  }),
});

export const OpenAiChatRequestSchema = z.looseObject({
  model: z.string().optional(),
  messages: z.array(MessageSchema).min(1),
  tools: z.array(ToolSchema).optional(),
  tool_choice: z.unknown().optional(),
  functions: z.array(FunctionSchema).min(1).optional(),
  function_call: z.union([z.enum(['none', 'auto']), z.object({ name: z.string() })]).optional(),
  stream: z.boolean().nullish(),
  stream_options: z.looseObject({ include_usage: z.boolean().optional() }).nullish(),
});
type OpenAiChatRequest = z.infer<typeof OpenAiChatRequestSchema>;

function textOf(content: z.infer<typeof ContentSchema>): string {
  if (typeof content === 'string') return content;
  if (!content) return '';
  return content.map((part) => ('text' in part && typeof part.text === 'string' ? part.text : '')).join('');
}

/** Pairs each tool call after the last user message with the tool message that answers it. */
function readExchanges(messages: OpenAiChatRequest['messages'], fromIndex: number): MockToolExchange[] {
  const exchanges: MockToolExchange[] = [];
  const outputs = new Map<string, string>();
  for (const message of messages.slice(fromIndex)) {
    if (message.role === 'tool') outputs.set(message.tool_call_id, textOf(message.content));
  }
  for (const message of messages.slice(fromIndex)) {
    if (message.role !== 'assistant' || !message.tool_calls) continue;
    for (const call of message.tool_calls) {
      const output = outputs.get(call.id);
      if (output === undefined) continue;
      exchanges.push({ name: call.function.name, arguments: readArgumentsText(call.function.arguments), output, ...readToolOutcome(output) });
    }
  }
  return exchanges;
}

/** Pairs each legacy function_call after the last user message with the function message that follows it. */
function readFunctionExchanges(messages: OpenAiChatRequest['messages'], fromIndex: number): MockToolExchange[] {
  const exchanges: MockToolExchange[] = [];
  const answered = new Set<number>();
  messages.forEach((message, index) => {
    if (index < fromIndex || message.role !== 'assistant' || !message.function_call) return;
    const call = message.function_call;
    // No ids in this format: the answer is the next unused function message with the same name.
    const answerIndex = messages.findIndex(
      (other, otherIndex) => otherIndex > index && !answered.has(otherIndex) && other.role === 'function' && other.name === call.name,
    );
    if (answerIndex < 0) return;
    answered.add(answerIndex);
    const output = textOf(messages[answerIndex]!.content);
    exchanges.push({ name: call.name, arguments: readArgumentsText(call.arguments), output, ...readToolOutcome(output) });
  });
  return exchanges;
}

type ChatStopReply = Extract<MockReply, { type: 'stop' }>;

/**
 * A stopped reply as Chat Completions writes it (both tools and legacy functions): a
 * refusal in `message.refusal` with finish_reason "stop", the half answer with "length",
 * no content with "content_filter".
 */
function writeChatStop(reply: ChatStopReply): { content: string | null; refusal: string | null; finishReason: 'stop' | 'length' | 'content_filter' } {
  switch (reply.stop) {
    case 'refusal':
      return { content: null, refusal: reply.text, finishReason: 'stop' };
    case 'cut-off':
      return { content: reply.text, refusal: null, finishReason: 'length' };
    case 'content-filter':
      return { content: null, refusal: null, finishReason: 'content_filter' };
    default: {
      const unknownStop: never = reply.stop;
      throw new Error(`Unknown mock stop ${String(unknownStop)}`);
    }
  }
}

/** A Chat Completions response to a legacy request, typed so the fidelity test can hold it against the SDK's ChatCompletion. */
export type FunctionCallCompletion = {
  id: string;
  object: 'chat.completion';
  created: number;
  model: string;
  choices: {
    index: number;
    message: { role: 'assistant'; content: string | null; function_call?: { name: string; arguments: string }; refusal: string | null; annotations: never[] };
    logprobs: null;
    finish_reason: 'function_call' | 'stop' | 'length' | 'content_filter';
  }[];
  usage: { prompt_tokens: number; completion_tokens: number; total_tokens: number };
  system_fingerprint: string;
};

/** The legacy answer: at most one call per turn, so further calls come in the following turns. */
export function buildFunctionCallCompletion({
  reply,
  messages,
  functions,
  model,
}: {
  reply: MockReply;
  messages: unknown[];
  functions: MockTool[];
  model?: string;
}): FunctionCallCompletion {
  const firstCall = reply.type === 'tool-calls' ? reply.calls[0] : undefined;
  const stop = reply.type === 'stop' ? writeChatStop(reply) : undefined;
  const message: FunctionCallCompletion['choices'][number]['message'] = firstCall
    ? { role: 'assistant', content: null, function_call: { name: firstCall.name, arguments: writeArgumentsText(firstCall) }, refusal: null, annotations: [] }
    : { role: 'assistant', content: stop ? stop.content : reply.type === 'text' ? reply.text : '', refusal: stop?.refusal ?? null, annotations: [] };
  const promptTokens = countTokens(JSON.stringify(messages) + JSON.stringify(functions));
  const completionTokens = countTokens(JSON.stringify(message));
  return {
    id: `chatcmpl-mock-${stableId(JSON.stringify(messages))}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: readMockVariant(model),
    choices: [{ index: 0, message, logprobs: null, finish_reason: firstCall ? 'function_call' : (stop?.finishReason ?? 'stop') }],
    usage: { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens },
    system_fingerprint: 'mock',
  };
}

/** A legacy request: the functions offered, narrowed by function_call, and the function messages answering earlier calls. */
function readFunctionsConversation({ chat, question, fromIndex }: { chat: OpenAiChatRequest; question: string; fromIndex: number }): MockConversation {
  if (chat.tools)
    throw new MockRequestFault('Send either "tools" or the deprecated "functions", not both: the mock cannot tell which format to answer in.', 'functions');
  const choice = chat.function_call ?? 'auto';
  const offered = chat.functions ?? [];
  offered.forEach((entry, index) => checkOpenAiToolName({ name: entry.name, param: `functions[${index}].name` }));
  const functions = choice === 'none' ? [] : choice === 'auto' ? offered : offered.filter((entry) => entry.name === choice.name);
  if (typeof choice === 'object' && functions.length === 0) {
    throw new MockRequestFault(`function_call names "${choice.name}", which is not in "functions".`, 'function_call');
  }
  return { model: chat.model, question, tools: functions, exchanges: readFunctionExchanges(chat.messages, fromIndex) };
}

function readConversation({ body: chat }: { body: OpenAiChatRequest }): MockConversation {
  const lastUserIndex = chat.messages.findLastIndex((message) => message.role === 'user');
  const question = lastUserIndex >= 0 ? textOf(chat.messages[lastUserIndex]!.content) : '';
  if (chat.functions) return readFunctionsConversation({ chat, question, fromIndex: lastUserIndex + 1 });
  (chat.tools ?? []).forEach(({ function: declared }, index) => {
    checkOpenAiToolName({ name: declared.name, param: `tools[${index}].function.name` });
    if (declared.strict === true) checkOpenAiStrictSchema({ name: declared.name, schema: declared.parameters, param: `tools[${index}].function.parameters` });
  });
  const tools = chat.tool_choice === 'none' ? [] : (chat.tools ?? []).map(({ function: { strict: _strict, ...declared } }) => declared);
  return { model: chat.model, question, tools, exchanges: readExchanges(chat.messages, lastUserIndex + 1) };
}

function writeToolCallsAnswer({ reply, chat }: { reply: MockReply; chat: OpenAiChatRequest }): MockAnswer<ChatCompletionAnswer> {
  const stop = reply.type === 'stop' ? writeChatStop(reply) : undefined;
  const message = stop
    ? { role: 'assistant', content: stop.content, refusal: stop.refusal, annotations: [] }
    : reply.type === 'tool-calls'
      ? {
          role: 'assistant',
          content: null,
          tool_calls: reply.calls.map((call, index) => ({
            id: `call_${stableCallId({ turn: chat.messages.length, index, call })}`,
            type: 'function',
            function: { name: call.name, arguments: writeArgumentsText(call) },
          })),
          refusal: null,
          annotations: [],
        }
      : { role: 'assistant', content: reply.text, refusal: null, annotations: [] };
  const promptTokens = countTokens(JSON.stringify(chat.messages) + JSON.stringify(chat.tools ?? []));
  const completionTokens = countTokens(JSON.stringify(message));
  return {
    body: {
      id: `chatcmpl-mock-${stableId(JSON.stringify(chat.messages))}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: readMockVariant(chat.model),
      choices: [{ index: 0, message, logprobs: null, finish_reason: stop?.finishReason ?? (reply.type === 'tool-calls' ? 'tool_calls' : 'stop') }],
      usage: { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens },
      system_fingerprint: 'mock',
    },
  };
}

function writeFunctionCallAnswer({ reply, chat }: { reply: MockReply; chat: OpenAiChatRequest }): MockAnswer<ChatCompletionAnswer> {
  const reasoning =
    reply.type === 'tool-calls' && reply.calls.length > 1
      ? `${reply.reasoning} Legacy functions carry one call per turn, so ${reply.calls[0]!.name} comes first.`
      : reply.reasoning;
  return { body: buildFunctionCallCompletion({ reply, messages: chat.messages, functions: chat.functions ?? [], model: chat.model }), reasoning };
}

/** Chat Completions, answered in the format the request offered its tools in: tools, or the deprecated functions. */
export const openAiChatEndpoint = createMockEndpoint<OpenAiChatRequest, ChatCompletionAnswer>({
  requestSchema: OpenAiChatRequestSchema,
  describeWrongMethod: (method) => `Use POST for /v1/chat/completions, not ${method}.`,
  invalidJsonMessage: 'The request body is not valid JSON. Send a JSON object with "model" and "messages".',
  describeSchemaIssue: (issue) => ({
    message: `Invalid request: ${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'not understood'}.`,
    param: issue?.path.join('.') ?? null,
  }),
  writeError: writeOpenAiError,
  readConversation,
  writeAnswer: ({ reply, body: chat }) => (chat.functions ? writeFunctionCallAnswer({ reply, chat }) : writeToolCallsAnswer({ reply, chat })),
  asksForStream: ({ body: chat }) => {
    if (chat.stream_options && !chat.stream)
      throw new MockRequestFault('The stream_options parameter is only allowed when stream is enabled.', 'stream_options');
    return chat.stream === true;
  },
  streamAnswer: ({ answer, body: chat }) => streamOpenAiChatAnswer({ answer, includeUsage: chat.stream_options?.include_usage === true }),
});

const MODELS_METHODS = ['GET', 'HEAD', 'POST'];

/**
 * The models list, read with GET. It answers a POST too: the explorer's wrong-address
 * lesson points an MCP client at it to show an answer in JSON that is not JSON-RPC.
 */
export const openAiModelsEndpoint: MockEndpoint = {
  methods: MODELS_METHODS,
  handle: async (request) => {
    if (!MODELS_METHODS.includes(request.method)) return writeOpenAiError({ status: 405, message: `Use GET for /v1/models, not ${request.method}.` });
    return jsonResponse(200, { object: 'list', data: [{ id: MOCK_MODEL_NAME, object: 'model', created: 0, owned_by: 'mcp-lifecycle-explorer' }] });
  },
  writeError: writeOpenAiError,
};
