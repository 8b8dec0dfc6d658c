import { z } from 'zod';
import { readToolOutcome, readArgumentsText, type MockTool, type MockToolExchange } from './mock-reply.ts';
import { checkOpenAiStrictSchema, checkOpenAiToolName } from './check-openai-tools.ts';
import { MockRequestFault, type MockConversation } from './serve-mock-endpoint.ts';

/**
 * A request to the mock's Responses endpoint (openai-responses-endpoint.ts), read as the
 * API reads it: its `input` items and tools checked, with the path of a faulty field,
 * then read into the mock's conversation.
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

export const FunctionToolSchema = z.looseObject({
  type: z.literal('function'),
  name: z.string(),
  description: z.string().nullish(),
  parameters: z.record(z.string(), z.unknown()).nullish(),
  strict: z.boolean().nullish(),
});

export const RequestSchema = z.looseObject({
  model: z.string({ error: "Missing required parameter: 'model'." }),
  input: z.union([z.string(), z.array(z.looseObject({ type: z.string().optional() }))], { error: 'The mock needs "input": a string or a list of items.' }),
  tools: z.array(z.looseObject({ type: z.string() })).optional(),
  tool_choice: z
    .union([z.enum(['none', 'auto', 'required']), z.object({ type: z.literal('function'), name: z.string() })], {
      error: 'The mock understands tool_choice "none", "auto", "required" or { "type": "function", "name": … }.',
    })
    .optional(),
  parallel_tool_calls: z.boolean().nullish(),
  previous_response_id: z.string().nullish(),
  instructions: z.string().nullish(),
  stream: z.boolean().nullish(),
});
export type ResponsesRequest = z.infer<typeof RequestSchema>;

export function pathOf(prefix: string, path: PropertyKey[]): string {
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

/** An input item by its schema; a fault names the item's field as OpenAI does (input[2].call_id). */
export function parseItem<T>(schema: z.ZodType<T>, item: unknown, index: number): T {
  const parsed = schema.safeParse(item);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new MockRequestFault(`Invalid input item: ${issue?.message ?? 'not understood'}.`, pathOf(`input[${index}]`, issue?.path ?? []));
}

/** Each item checked against the schema of its type, so a broken call is refused, not skipped. */
export function readInputItems(input: ResponsesRequest['input']): InputItem[] {
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
/** The learner's question: the text of the last user message. */
export function findQuestion(items: InputItem[]): { lastUserIndex: number; question: string } {
  const lastUserIndex = items.findLastIndex((item) => item.kind === 'message' && item.role === 'user');
  const lastUser = items[lastUserIndex];
  return { lastUserIndex, question: lastUser?.kind === 'message' ? lastUser.text : '' };
}

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
    if (tool.type !== 'function')
      throw new MockRequestFault(`The mock model runs no built-in tools such as "${tool.type}": offer function tools only.`, `tools[${index}].type`);
    const parsed = FunctionToolSchema.safeParse(tool);
    if (!parsed.success)
      throw new MockRequestFault(
        `Invalid tool: ${parsed.error.issues[0]?.message ?? 'not understood'}.`,
        pathOf(`tools[${index}]`, parsed.error.issues[0]?.path ?? []),
      );
    checkOpenAiToolName({ name: parsed.data.name, param: `tools[${index}].name` });
    if (parsed.data.strict === true) checkOpenAiStrictSchema({ name: parsed.data.name, schema: parsed.data.parameters, param: `tools[${index}].parameters` });
    return {
      name: parsed.data.name,
      ...(parsed.data.description ? { description: parsed.data.description } : {}),
      parameters: parsed.data.parameters ?? undefined,
    };
  });
  const choice = request.tool_choice ?? 'auto';
  if (choice === 'none') return [];
  if (typeof choice === 'object') return tools.filter((tool) => tool.name === choice.name);
  return tools;
}

/** The request read into the mock's conversation: the question, the tools offered, and each call with the output that answered it. */
export function readResponsesConversation({ body }: { body: ResponsesRequest }): MockConversation {
  const items = readInputItems(body.input);
  checkOutputsAnswerCalls(items);
  const tools = readTools(body);
  const { lastUserIndex, question } = findQuestion(items);
  return { model: body.model, question, tools, exchanges: readExchanges(items, lastUserIndex + 1) };
}
