import { z } from 'zod';
import { MOCK_MODEL_NAME } from '../../src/providers/mock-endpoints.ts';
import { decideMockReply, type MockToolExchange } from './decide-mock-reply.ts';
import { jsonResponse, stableId } from './http-helpers.ts';

/**
 * The mock model behind `POST /mock/openai/v1/chat/completions`, in the OpenAI Chat
 * Completions wire format: same request fields, same response shape, same error shape.
 * Only the fields the mock reads are parsed; everything else is accepted as OpenAI would.
 */

const TextPartSchema = z.object({ type: z.literal('text'), text: z.string() });
const ContentSchema = z.union([z.string(), z.array(z.union([TextPartSchema, z.looseObject({ type: z.string() })]))]).nullish();

const ToolCallSchema = z.object({
  id: z.string(),
  type: z.literal('function'),
  function: z.object({ name: z.string(), arguments: z.string() }),
});

const MessageSchema = z.discriminatedUnion('role', [
  z.looseObject({ role: z.literal('system'), content: ContentSchema }),
  z.looseObject({ role: z.literal('developer'), content: ContentSchema }),
  z.looseObject({ role: z.literal('user'), content: ContentSchema }),
  z.looseObject({ role: z.literal('assistant'), content: ContentSchema, tool_calls: z.array(ToolCallSchema).optional() }),
  z.looseObject({ role: z.literal('tool'), content: ContentSchema, tool_call_id: z.string() }),
]);

const ToolSchema = z.object({
  type: z.literal('function'),
  function: z.object({
    name: z.string(),
    description: z.string().optional(),
    parameters: z.record(z.string(), z.unknown()).optional(),
  }),
});

export const OpenAiChatRequestSchema = z.looseObject({
  model: z.string().optional(),
  messages: z.array(MessageSchema).min(1),
  tools: z.array(ToolSchema).optional(),
  tool_choice: z.unknown().optional(),
  stream: z.boolean().optional(),
});
type OpenAiChatRequest = z.infer<typeof OpenAiChatRequestSchema>;

function openAiError(status: number, message: string, param: string | null = null): Response {
  return jsonResponse(status, { error: { message, type: 'invalid_request_error', param, code: null } });
}

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
      let parsedArguments: unknown = call.function.arguments;
      try {
        parsedArguments = JSON.parse(call.function.arguments);
      } catch {
        // The arguments stay as the string the host sent back.
      }
      exchanges.push({ name: call.function.name, arguments: parsedArguments, output, isError: /^error\b|validation error/i.test(output) });
    }
  }
  return exchanges;
}

function countTokens(text: string): number {
  return Math.max(1, Math.ceil(text.length / 4));
}

export async function handleOpenAiChatCompletions(request: Request): Promise<Response> {
  if (request.method !== 'POST') return openAiError(405, `Use POST for /v1/chat/completions, not ${request.method}.`);
  let body: unknown;
  try {
    body = JSON.parse(await request.text());
  } catch {
    return openAiError(400, 'The request body is not valid JSON. Send a JSON object with "model" and "messages".');
  }
  const parsed = OpenAiChatRequestSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return openAiError(400, `Invalid request: ${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'not understood'}.`, issue?.path.join('.') ?? null);
  }
  const chat = parsed.data;
  if (chat.stream) return openAiError(400, 'The mock model does not stream. Send "stream": false (or leave it out).', 'stream');

  const lastUserIndex = chat.messages.findLastIndex((message) => message.role === 'user');
  const question = lastUserIndex >= 0 ? textOf(chat.messages[lastUserIndex]!.content) : '';
  const tools = chat.tool_choice === 'none' ? [] : (chat.tools ?? []).map((tool) => tool.function);
  const reply = decideMockReply({ question, tools, exchanges: readExchanges(chat.messages, lastUserIndex + 1) });

  const message =
    reply.type === 'tool-calls'
      ? {
          role: 'assistant',
          content: null,
          tool_calls: reply.calls.map((call, index) => ({
            id: `call_${stableId(`${chat.messages.length}:${index}:${call.name}:${JSON.stringify(call.arguments)}`)}`,
            type: 'function',
            function: { name: call.name, arguments: JSON.stringify(call.arguments) },
          })),
          refusal: null,
          annotations: [],
        }
      : { role: 'assistant', content: reply.text, refusal: null, annotations: [] };

  const promptTokens = countTokens(JSON.stringify(chat.messages) + JSON.stringify(chat.tools ?? []));
  const completionTokens = countTokens(JSON.stringify(message));
  return jsonResponse(
    200,
    {
      id: `chatcmpl-mock-${stableId(JSON.stringify(chat.messages))}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: MOCK_MODEL_NAME,
      choices: [{ index: 0, message, logprobs: null, finish_reason: reply.type === 'tool-calls' ? 'tool_calls' : 'stop' }],
      usage: { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens },
      system_fingerprint: 'mock',
    },
    { 'x-mock-reasoning': reply.reasoning },
  );
}

export function handleOpenAiModels(): Response {
  return jsonResponse(200, {
    object: 'list',
    data: [{ id: MOCK_MODEL_NAME, object: 'model', created: 0, owned_by: 'mcp-lifecycle-explorer' }],
  });
}
