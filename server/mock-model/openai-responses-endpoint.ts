import { z } from 'zod';
import { countTokens, readToolOutcome, readArgumentsText, writeArgumentsText, type MockReply, type MockTool, type MockToolExchange } from './mock-reply.ts';
import { checkOpenAiStrictSchema, checkOpenAiToolName } from './check-openai-tools.ts';
import { readMockVariant } from './mock-variants.ts';
import { writeOpenAiError } from './openai-error.ts';
import { createMockEndpoint, MockRequestFault, type MockConversation } from './serve-mock-endpoint.ts';
import { stableId } from './stable-id.ts';
import { streamOpenAiResponsesAnswer } from './stream-openai-responses-answer.ts';
import { echoMcpTool, McpToolSchema, playMcpTurn, readMcpTool, type McpOutputItem } from './openai-responses-mcp.ts';
import type { FunctionCallItem, MessageItem, MockResponsesBody } from './openai-responses-body.ts';

export type { MockResponsesBody } from './openai-responses-body.ts';
import { describeMcpTurn } from './describe-mcp-turn.ts';

/**
 * The mock model behind `POST /mock/openai-responses/v1/responses`, in the OpenAI
 * Responses wire format: the conversation arrives as `input` items, calls leave as
 * `function_call` output items, the answer as a `message` item. Only the fields the mock
 * reads are checked; errors come in OpenAI's shape, with the path of the faulty field.
 */

const PartSchema = z.looseObject({ type: z.string(), text: z.string().optional() });
const TextSchema = z.union([z.string(), z.array(PartSchema)]);

const MessageItemSchema = z.looseObject({
  type: z.literal('message').optional(),
  role: z.enum(['user', 'assistant', 'system', 'developer']),
  content: TextSchema,
});
const FunctionCallItemSchema = z.looseObject({ type: z.literal('function_call'), call_id: z.string(), name: z.string(), arguments: z.string() });
const FunctionCallOutputItemSchema = z.looseObject({ type: z.literal('function_call_output'), call_id: z.string(), output: TextSchema });
/** An input item as the mock reads it; items of other types (reasoning, references) are passed over. */
type InputItem =
  | { kind: 'message'; role: string; text: string }
  | { kind: 'function_call'; callId: string; name: string; arguments: string }
  | { kind: 'function_call_output'; callId: string; output: string }
  | { kind: 'other' };

const FunctionToolSchema = z.looseObject({
  type: z.literal('function'),
  name: z.string(),
  description: z.string().nullish(),
  parameters: z.record(z.string(), z.unknown()).nullish(),
  strict: z.boolean().nullish(),
});

const RequestSchema = z.looseObject({
  model: z.string({ error: "Missing required parameter: 'model'." }),
  input: z.union([z.string(), z.array(z.looseObject({ type: z.string().optional() }))], { error: 'The mock needs "input": a string or a list of items.' }),
  tools: z.array(z.looseObject({ type: z.string() })).optional(),
  tool_choice: z.union([z.enum(['none', 'auto', 'required']), z.object({ type: z.literal('function'), name: z.string() })], {
    error: 'The mock understands tool_choice "none", "auto", "required" or { "type": "function", "name": … }.',
  }).optional(),
  parallel_tool_calls: z.boolean().nullish(),
  previous_response_id: z.string().nullish(),
  instructions: z.string().nullish(),
  stream: z.boolean().nullish(),
});
export type ResponsesRequest = z.infer<typeof RequestSchema>;

function pathOf(prefix: string, path: PropertyKey[]): string {
  return path.reduce<string>((written, key) => (typeof key === 'number' ? `${written}[${key}]` : `${written}.${String(key)}`), prefix);
}

function textOf(content: z.infer<typeof TextSchema>): string {
  if (typeof content === 'string') return content;
  return content.map((part) => (part.type === 'input_text' || part.type === 'output_text' ? (part.text ?? '') : '')).join('');
}

/** A function output as the model reads it: its text, and a note for each image beside it. */
function outputTextOf(content: z.infer<typeof TextSchema>): string {
  if (typeof content === 'string') return content;
  return content.map((part) => (part.type === 'input_image' ? '[image]' : textOf([part]))).join('');
}

function parseItem<T>(schema: z.ZodType<T>, item: unknown, index: number): T {
  const parsed = schema.safeParse(item);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new MockRequestFault(`Invalid input item: ${issue?.message ?? 'not understood'}.`, pathOf(`input[${index}]`, issue?.path ?? []));
}

/** Each item checked against the schema of its type, so a broken call is refused, not skipped. */
function readInputItems(input: ResponsesRequest['input']): InputItem[] {
  if (typeof input === 'string') return [{ kind: 'message', role: 'user', text: input }];
  return input.map((item, index): InputItem => {
    if (item.type === 'function_call') {
      const call = parseItem(FunctionCallItemSchema, item, index);
      return { kind: 'function_call', callId: call.call_id, name: call.name, arguments: call.arguments };
    }
    if (item.type === 'function_call_output') {
      const output = parseItem(FunctionCallOutputItemSchema, item, index);
      return { kind: 'function_call_output', callId: output.call_id, output: outputTextOf(output.output) };
    }
    if (item.type === undefined || item.type === 'message') {
      const message = parseItem(MessageItemSchema, item, index);
      return { kind: 'message', role: message.role, text: textOf(message.content) };
    }
    return { kind: 'other' };
  });
}

/** Pairs each function_call after the last user message with the output that answers its call_id. */
function readExchanges(items: InputItem[], fromIndex: number): MockToolExchange[] {
  const outputs = new Map<string, string>();
  items.forEach((item, index) => {
    if (index >= fromIndex && item.kind === 'function_call_output') outputs.set(item.callId, item.output);
  });
  const exchanges: MockToolExchange[] = [];
  items.forEach((item, index) => {
    if (index < fromIndex || item.kind !== 'function_call') return;
    const output = outputs.get(item.callId);
    if (output === undefined) return;
    exchanges.push({ name: item.name, arguments: readArgumentsText(item.arguments), output, ...readToolOutcome(output) });
  });
  return exchanges;
}

/** OpenAI refuses an output for a call it never saw; so does the mock, which sees only this request. */
function checkOutputsAnswerCalls(items: InputItem[]): void {
  const calls = new Set(items.flatMap((item) => (item.kind === 'function_call' ? [item.callId] : [])));
  items.forEach((item, index) => {
    if (item.kind === 'function_call_output' && !calls.has(item.callId)) {
      throw new MockRequestFault(`No tool call found for function call output with call_id ${item.callId}.`, `input[${index}].call_id`);
    }
  });
}

function readTools(request: ResponsesRequest): MockTool[] {
  const tools = (request.tools ?? []).map((tool, index) => {
    if (tool.type !== 'function') throw new MockRequestFault(`The mock model runs no built-in tools such as "${tool.type}": offer function tools only.`, `tools[${index}].type`);
    const parsed = FunctionToolSchema.safeParse(tool);
    if (!parsed.success) throw new MockRequestFault(`Invalid tool: ${parsed.error.issues[0]?.message ?? 'not understood'}.`, pathOf(`tools[${index}]`, parsed.error.issues[0]?.path ?? []));
    checkOpenAiToolName({ name: parsed.data.name, param: `tools[${index}].name` });
    if (parsed.data.strict === true) checkOpenAiStrictSchema({ name: parsed.data.name, schema: parsed.data.parameters, param: `tools[${index}].parameters` });
    return { name: parsed.data.name, ...(parsed.data.description ? { description: parsed.data.description } : {}), parameters: parsed.data.parameters ?? undefined };
  });
  const choice = request.tool_choice ?? 'auto';
  if (choice === 'none') return [];
  if (typeof choice === 'object') return tools.filter((tool) => tool.name === choice.name);
  return tools;
}

/**
 * A stopped reply as the Responses API writes it: a refusal is a `refusal` content part of
 * a completed message; the token limit leaves the message incomplete with the half answer,
 * and the response `status: "incomplete"` with `incomplete_details.reason`; a content
 * filter leaves no output at all.
 */
function renderStop(reply: Extract<MockReply, { type: 'stop' }>, seed: string): { output: MessageItem[]; incomplete: MockResponsesBody['incomplete_details'] } {
  const id = `msg_mock_${stableId(`${seed}:message`)}`;
  switch (reply.stop) {
    case 'refusal':
      return { output: [{ id, type: 'message', status: 'completed', role: 'assistant', content: [{ type: 'refusal', refusal: reply.text }] }], incomplete: null };
    case 'cut-off':
      return {
        output: [{ id, type: 'message', status: 'incomplete', role: 'assistant', content: [{ type: 'output_text', text: reply.text, annotations: [], logprobs: [] }] }],
        incomplete: { reason: 'max_output_tokens' },
      };
    case 'content-filter':
      return { output: [], incomplete: { reason: 'content_filter' } };
    default: {
      const unknownStop: never = reply.stop;
      throw new Error(`Unknown mock stop ${String(unknownStop)}`);
    }
  }
}

function renderOutput(reply: Exclude<MockReply, { type: 'stop' }>, request: ResponsesRequest, seed: string): (FunctionCallItem | MessageItem)[] {
  if (reply.type === 'text') {
    return [{
      id: `msg_mock_${stableId(`${seed}:message`)}`,
      type: 'message',
      status: 'completed',
      role: 'assistant',
      content: [{ type: 'output_text', text: reply.text, annotations: [], logprobs: [] }],
    }];
  }
  // With parallel_tool_calls false the model makes one call per response; the rest follow in later turns.
  const calls = request.parallel_tool_calls === false ? reply.calls.slice(0, 1) : reply.calls;
  return calls.map((call, index): FunctionCallItem => {
    const key = `${seed}:${index}:${call.name}:${JSON.stringify(call.arguments)}`;
    return { id: `fc_mock_${stableId(`item:${key}`)}`, type: 'function_call', status: 'completed', arguments: writeArgumentsText(call), call_id: `call_${stableId(key)}`, name: call.name };
  });
}

/** The echo of the tools, as OpenAI normalizes them: a function tool without "strict" is strict; an MCP tool without its secrets. */
function echoTools(request: ResponsesRequest): MockResponsesBody['tools'] {
  return (request.tools ?? []).flatMap((tool): MockResponsesBody['tools'] => {
    const mcp = McpToolSchema.safeParse(tool);
    if (mcp.success) return [echoMcpTool(mcp.data)];
    const parsed = FunctionToolSchema.safeParse(tool);
    if (!parsed.success) return [];
    const { name, description, parameters, strict } = parsed.data;
    return [{ type: 'function' as const, name, description: description ?? null, parameters: parameters ?? null, strict: strict ?? true }];
  });
}

/**
 * The whole response. `mcpItems` are what the provider's MCP client did this turn, before
 * the model's own output; a turn that waits for the host's approval has no reply of the model.
 */
export function buildOpenAiResponse({ reply, request, mcpItems = [] }: { reply: MockReply | undefined; request: ResponsesRequest; mcpItems?: McpOutputItem[] }): MockResponsesBody {
  const seed = JSON.stringify(request.input);
  const itemCount = typeof request.input === 'string' ? 1 : request.input.length;
  const stopped = reply?.type === 'stop' ? renderStop(reply, `${itemCount}:${seed}`) : undefined;
  const modelOutput = reply === undefined ? [] : reply.type === 'stop' ? (stopped?.output ?? []) : renderOutput(reply, request, `${itemCount}:${seed}`);
  const output = [...mcpItems, ...modelOutput];
  const inputTokens = countTokens(seed + JSON.stringify(request.tools ?? []));
  const outputTokens = countTokens(JSON.stringify(output));
  const now = Math.floor(Date.now() / 1000);
  return {
    id: `resp_mock_${stableId(seed)}`,
    object: 'response',
    created_at: now,
    status: stopped?.incomplete ? 'incomplete' : 'completed',
    completed_at: stopped?.incomplete ? null : now,
    error: null,
    incomplete_details: stopped?.incomplete ?? null,
    instructions: request.instructions ?? null,
    max_output_tokens: null,
    model: readMockVariant(request.model),
    output,
    parallel_tool_calls: request.parallel_tool_calls ?? true,
    previous_response_id: null,
    reasoning: { effort: null, summary: null },
    temperature: 1,
    text: { format: { type: 'text' } },
    tool_choice: request.tool_choice ?? 'auto',
    tools: echoTools(request),
    top_p: 1,
    truncation: 'disabled',
    usage: {
      input_tokens: inputTokens,
      input_tokens_details: { cached_tokens: 0, cache_write_tokens: 0 },
      output_tokens: outputTokens,
      output_tokens_details: { reasoning_tokens: 0 },
      total_tokens: inputTokens + outputTokens,
    },
    metadata: {},
  };
}

function readConversation({ body }: { body: ResponsesRequest }): MockConversation {
  const items = readInputItems(body.input);
  checkOutputsAnswerCalls(items);
  const tools = readTools(body);
  const lastUserIndex = items.findLastIndex((item) => item.kind === 'message' && item.role === 'user');
  const lastUser = items[lastUserIndex];
  const question = lastUser?.kind === 'message' ? lastUser.text : '';
  return { model: body.model, question, tools, exchanges: readExchanges(items, lastUserIndex + 1) };
}

export const openAiResponsesEndpoint = createMockEndpoint<ResponsesRequest, MockResponsesBody>({
  requestSchema: RequestSchema,
  describeWrongMethod: (method) => `Use POST for /v1/responses, not ${method}.`,
  invalidJsonMessage: 'The request body is not valid JSON. Send a JSON object with "model" and "input".',
  describeSchemaIssue: (issue) => ({ message: issue?.message ?? 'Invalid request.', param: issue ? pathOf('', issue.path).replace(/^\./, '') || null : null }),
  writeError: writeOpenAiError,
  checkBody: (body) => {
    if (body.previous_response_id) {
      throw new MockRequestFault('The mock model stores no responses, so it cannot continue one: send the whole conversation in "input" instead.', 'previous_response_id');
    }
  },
  readConversation,
  writeAnswer: ({ reply, body }) => ({ body: buildOpenAiResponse({ reply, request: body }) }),
  answerWithMcp: ({ body, request, context }) => {
    const tool = readMcpTool(body.tools);
    if (!tool) return undefined;
    const items = typeof body.input === 'string' ? [] : body.input;
    const read = readInputItems(body.input);
    const lastUser = read.findLast((item) => item.kind === 'message' && item.role === 'user');
    const question = lastUser?.kind === 'message' ? lastUser.text : '';
    return playMcpTurn({ tool, items, model: body.model, question, reach: context.reach, requestUrl: request.url, signal: request.signal }).then(({ items: mcpItems, reply, events }) => ({
      body: buildOpenAiResponse({ reply, request: body, mcpItems }),
      reasoning: describeMcpTurn({ events, reply }),
    }));
  },
  asksForStream: ({ body }) => body.stream === true,
  streamAnswer: streamOpenAiResponsesAnswer,
});
