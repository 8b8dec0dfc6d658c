import { z } from 'zod';
import { countTokens, readToolOutcome, writeArgumentsValue, type MockReply, type MockToolExchange } from './mock-reply.ts';
import { readMockVariant } from './mock-variants.ts';
import { jsonResponse } from '../shared/index.ts';
import { createMockEndpoint, type MockAnswer, type MockFault } from './serve-mock-endpoint.ts';
import { stableCallId } from './stable-id.ts';
import { streamOllamaAnswer, type OllamaAnswer } from './stream-whole-call-answers.ts';

/**
 * The mock model behind `POST /mock/ollama/api/chat`, in Ollama's wire format: same
 * request fields, same response shape, errors as Ollama writes them (`{ "error": "…" }`).
 * Ollama streams unless the request says `"stream": false`, and so does the mock (NDJSON lines).
 */

export const OLLAMA_MOCK_PATH = '/mock/ollama/api/chat';

/** String arguments are what the broken-json variant wrote itself; the host echoes them back, so the mock reads them. */
const ToolCallSchema = z.looseObject({
  id: z.string().optional(),
  function: z.looseObject({ index: z.number().int().optional(), name: z.string(), arguments: z.union([z.record(z.string(), z.unknown()), z.string()]) }),
});

const MessageSchema = z.discriminatedUnion('role', [
  z.looseObject({ role: z.literal('system'), content: z.string() }),
  z.looseObject({ role: z.literal('user'), content: z.string(), images: z.array(z.string()).optional() }),
  z.looseObject({ role: z.literal('assistant'), content: z.string().optional(), tool_calls: z.array(ToolCallSchema).optional() }),
  z.looseObject({ role: z.literal('tool'), content: z.string(), tool_name: z.string().optional(), tool_call_id: z.string().optional() }),
]);

export const OllamaToolSchema = z.looseObject({
  type: z.literal('function'),
  function: z.looseObject({
    name: z.string(),
    description: z.string().optional(),
    parameters: z.record(z.string(), z.unknown()),
  }),
});

export const OllamaChatRequestSchema = z.looseObject({
  model: z.string().min(1, 'model is required'),
  messages: z.array(MessageSchema),
  tools: z.array(OllamaToolSchema).optional(),
  stream: z.boolean().optional(),
  format: z.unknown().optional(),
  options: z.record(z.string(), z.unknown()).optional(),
  keep_alive: z.union([z.string(), z.number()]).optional(),
  think: z.union([z.boolean(), z.string()]).optional(),
});
export type OllamaChatRequest = z.infer<typeof OllamaChatRequestSchema>;
type Message = OllamaChatRequest['messages'][number];

/**
 * Pairs each tool call after the question with the tool message that answers it: by
 * tool_call_id when both have one, else by tool name in order, as older Ollama does.
 */
function readExchanges(messages: Message[]): MockToolExchange[] {
  const answers = messages.flatMap((message) => (message.role === 'tool' ? [message] : []));
  const used = new Set<number>();
  const exchanges: MockToolExchange[] = [];
  for (const message of messages) {
    if (message.role !== 'assistant') continue;
    for (const call of message.tool_calls ?? []) {
      const index = answers.findIndex(
        (answer, position) =>
          !used.has(position) &&
          (call.id !== undefined && answer.tool_call_id !== undefined
            ? call.id === answer.tool_call_id
            : (answer.tool_name ?? call.function.name) === call.function.name),
      );
      if (index < 0) continue;
      used.add(index);
      const output = answers[index]!.content;
      exchanges.push({ name: call.function.name, arguments: call.function.arguments, output, ...readToolOutcome(output) });
    }
  }
  return exchanges;
}

function writeOllamaError({ status, message }: MockFault): Response {
  return jsonResponse(status, { error: message });
}

/** Ollama's one stop signal is the token limit (num_predict); it has no refusal or content filter, so those arrive as words. */
function describeOllamaReasoning(reply: MockReply): string {
  if (reply.type !== 'stop' || reply.stop === 'cut-off') return reply.reasoning;
  const missing =
    reply.stop === 'refusal'
      ? 'no refusal field: the refusal arrives as words, so to the host it is an answer'
      : 'no content filter: a local model’s answer arrives whole';
  return `${reply.reasoning} Ollama has ${missing}.`;
}

function writeOllamaAnswer({ reply, body: chat }: { reply: MockReply; body: OllamaChatRequest }): MockAnswer<OllamaAnswer> {
  const message =
    reply.type === 'tool-calls'
      ? {
          role: 'assistant',
          content: '',
          tool_calls: reply.calls.map((call, index) => ({
            id: `call_${stableCallId({ turn: chat.messages.length, index, call })}`,
            function: { index, name: call.name, arguments: writeArgumentsValue(call) },
          })),
        }
      : { role: 'assistant', content: reply.text };
  const promptTokens = countTokens(JSON.stringify(chat.messages) + JSON.stringify(chat.tools ?? []));
  const evalTokens = countTokens(JSON.stringify(message));
  return {
    reasoning: describeOllamaReasoning(reply),
    body: {
      model: readMockVariant(chat.model),
      created_at: new Date().toISOString(),
      message,
      done_reason: reply.type === 'stop' && reply.stop === 'cut-off' ? 'length' : 'stop',
      done: true,
      // Ollama reports durations in nanoseconds; the mock derives them from the sizes, so runs repeat.
      total_duration: (promptTokens + evalTokens) * 1_000_000,
      load_duration: 0,
      prompt_eval_count: promptTokens,
      prompt_eval_duration: promptTokens * 500_000,
      eval_count: evalTokens,
      eval_duration: evalTokens * 500_000,
    },
  };
}

export const ollamaEndpoint = createMockEndpoint<OllamaChatRequest, OllamaAnswer>({
  requestSchema: OllamaChatRequestSchema,
  describeWrongMethod: (method) => `method ${method} not allowed: use POST /api/chat`,
  invalidJsonMessage: 'invalid JSON in the request body: send a JSON object with "model" and "messages"',
  describeSchemaIssue: (issue) => ({ message: `${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'not understood'}` }),
  writeError: writeOllamaError,
  readConversation: ({ body: chat }) => {
    const lastUserIndex = chat.messages.findLastIndex((message) => message.role === 'user');
    const question = lastUserIndex >= 0 ? (chat.messages[lastUserIndex]!.content ?? '') : '';
    const tools = (chat.tools ?? []).map((tool) => tool.function);
    return { model: chat.model, question, tools, exchanges: readExchanges(chat.messages.slice(lastUserIndex + 1)) };
  },
  writeAnswer: writeOllamaAnswer,
  // Ollama streams unless the request says "stream": false.
  asksForStream: ({ body: chat }) => chat.stream !== false,
  streamAnswer: streamOllamaAnswer,
});
