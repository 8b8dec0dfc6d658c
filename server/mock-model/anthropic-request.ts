import { z } from 'zod';
import { readToolOutcome, type MockTool, type MockToolExchange } from './mock-reply.ts';
import { MockRequestFault, type MockConversation } from './serve-mock-endpoint.ts';
import { McpToolsetSchema } from './anthropic-mcp.ts';

/**
 * A request to the mock's Anthropic Messages endpoint (anthropic-endpoint.ts), read as
 * the API reads it: the fields the mock uses parsed, the conversation and the tools
 * checked by the API's own rules (every tool_use answered by a tool_result at the start
 * of the next user message), then read into the mock's conversation.
 */

const TOOL_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;

const ToolSchema = z.looseObject({
  name: z.string(),
  description: z.string().optional(),
  input_schema: z.looseObject({ type: z.literal('object') }),
});

const BlockSchema = z.looseObject({ type: z.string() });

const MessageSchema = z.looseObject({
  role: z.enum(['user', 'assistant', 'system']),
  content: z.union([z.string(), z.array(BlockSchema)]),
});

export const AnthropicRequestSchema = z.looseObject({
  model: z.string(),
  max_tokens: z.number().int().min(1),
  messages: z.array(MessageSchema),
  tools: z.array(z.union([McpToolsetSchema, ToolSchema])).optional(), // custom tools, or (provider-side MCP) an mcp_toolset naming a server of mcp_servers
  mcp_servers: z.unknown().optional(),
  tool_choice: z.looseObject({ type: z.enum(['auto', 'any', 'tool', 'none']), name: z.string().optional() }).optional(),
  stream: z.boolean().optional(),
});
export type AnthropicRequest = z.infer<typeof AnthropicRequestSchema>;

/** The custom tools of a request (an mcp_toolset is the connector's, read apart). */
function listCustomTools(tools: AnthropicRequest['tools']): z.infer<typeof ToolSchema>[] {
  return (tools ?? []).flatMap((tool) => ('type' in tool && tool.type === 'mcp_toolset' ? [] : [ToolSchema.parse(tool)]));
}

const TextBlockSchema = z.looseObject({ type: z.literal('text'), text: z.string() });
/** A string input is what the broken-json variant wrote itself; the host echoes it back, so the mock reads it. */
const ToolUseBlockSchema = z.looseObject({
  type: z.literal('tool_use'),
  id: z.string(),
  name: z.string(),
  input: z.union([z.record(z.string(), z.unknown()), z.string()]),
});
const ToolResultBlockSchema = z.looseObject({
  type: z.literal('tool_result'),
  tool_use_id: z.string(),
  content: z.union([z.string(), z.array(BlockSchema)]).optional(),
  is_error: z.boolean().optional(),
});

type ReadBlock =
  | { type: 'text'; text: string }
  | { type: 'tool_use'; id: string; name: string; input: unknown }
  | { type: 'tool_result'; toolUseId: string; output: string; isError: boolean; texts: string[] }
  | { type: 'other' };
type ReadMessage = { role: AnthropicRequest['messages'][number]['role']; blocks: ReadBlock[] };

function checkBlock<T extends z.ZodType>(schema: T, block: unknown, path: string): z.infer<T> {
  const parsed = schema.safeParse(block);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new MockRequestFault(`${[path, ...(issue?.path ?? [])].join('.')}: ${issue?.message ?? 'invalid block'}`);
}

/** The text a tool result carries, as the mock reads it: text blocks joined, other blocks named. */
function readToolResultOutput(content: z.infer<typeof ToolResultBlockSchema>['content'], path: string): { output: string; texts: string[] } {
  if (content === undefined) return { output: '', texts: [] };
  // A plain string is not a text block, so the rule on blank text blocks does not apply to it.
  if (typeof content === 'string') return { output: content, texts: [] };
  const texts: string[] = [];
  const parts = content.map((block, index) => {
    if (block.type !== 'text') return `[${block.type}]`;
    const text = checkBlock(TextBlockSchema, block, `${path}.content.${index}`).text;
    texts.push(text);
    return text;
  });
  return { output: parts.join('\n'), texts };
}

export function readMessages(messages: AnthropicRequest['messages']): ReadMessage[] {
  return messages.map((message, messageIndex) => {
    if (typeof message.content === 'string') return { role: message.role, blocks: [{ type: 'text', text: message.content }] };
    const blocks = message.content.map((block, blockIndex): ReadBlock => {
      const path = `messages.${messageIndex}.content.${blockIndex}`;
      switch (block.type) {
        case 'text':
          return { type: 'text', text: checkBlock(TextBlockSchema, block, path).text };
        case 'tool_use': {
          const toolUse = checkBlock(ToolUseBlockSchema, block, path);
          return { type: 'tool_use', id: toolUse.id, name: toolUse.name, input: toolUse.input };
        }
        case 'tool_result': {
          const toolResult = checkBlock(ToolResultBlockSchema, block, path);
          return {
            type: 'tool_result',
            toolUseId: toolResult.tool_use_id,
            isError: toolResult.is_error ?? false,
            ...readToolResultOutput(toolResult.content, path),
          };
        }
        default:
          return { type: 'other' };
      }
    });
    return { role: message.role, blocks };
  });
}

/** The rules Anthropic enforces on a conversation, with its own wording. */
function checkConversation(messages: ReadMessage[]): void {
  messages.forEach((message, index) => {
    if (message.blocks.length === 0 && !(message.role === 'assistant' && index === messages.length - 1)) {
      throw new MockRequestFault(`messages.${index}: all messages must have non-empty content except for the optional final assistant message`);
    }
    for (const block of message.blocks) {
      const texts = block.type === 'text' ? [block.text] : block.type === 'tool_result' ? block.texts : [];
      if (texts.some((text) => text.trim() === '')) throw new MockRequestFault('messages: text content blocks must contain non-whitespace text');
    }
    const toolUseIds = message.role === 'assistant' ? message.blocks.flatMap((block) => (block.type === 'tool_use' ? [block.id] : [])) : [];
    const next = messages[index + 1];
    const leading: string[] = [];
    for (const block of next?.role === 'user' ? next.blocks : []) {
      if (block.type !== 'tool_result') break;
      leading.push(block.toolUseId);
    }
    const unanswered = toolUseIds.filter((id) => !leading.includes(id));
    if (unanswered.length > 0) {
      throw new MockRequestFault(
        `messages.${index}: \`tool_use\` ids were found without \`tool_result\` blocks immediately after: ${unanswered.join(', ')}. Each \`tool_use\` block must have a corresponding \`tool_result\` block in the next message.`,
      );
    }
    const previous = messages[index - 1];
    const answerable = previous?.role === 'assistant' ? previous.blocks.flatMap((block) => (block.type === 'tool_use' ? [block.id] : [])) : [];
    message.blocks.forEach((block, blockIndex) => {
      if (block.type === 'tool_result' && !answerable.includes(block.toolUseId)) {
        throw new MockRequestFault(
          `messages.${index}.content.${blockIndex}: unexpected \`tool_use_id\` found in \`tool_result\` blocks: ${block.toolUseId}. Each \`tool_result\` block must have a corresponding \`tool_use\` block in the previous message.`,
        );
      }
    });
  });
}

function checkTools(tools: z.infer<typeof ToolSchema>[]): void {
  const seen = new Set<string>();
  tools.forEach((tool, index) => {
    if (!TOOL_NAME_PATTERN.test(tool.name)) {
      throw new MockRequestFault(`tools.${index}.custom.name: String should match pattern '${TOOL_NAME_PATTERN.source}'`);
    }
    if (['oneOf', 'allOf', 'anyOf'].some((keyword) => keyword in tool.input_schema)) {
      throw new MockRequestFault(`tools.${index}.custom.input_schema: input_schema does not support oneOf, allOf, or anyOf at the top level`);
    }
    if (seen.has(tool.name)) throw new MockRequestFault('tools: Tool names must be unique.');
    seen.add(tool.name);
  });
}

/** Pairs each tool_use after the question with the tool_result that answers it. */
function readExchanges(messages: ReadMessage[], fromIndex: number): MockToolExchange[] {
  const results = new Map<string, { output: string; isError: boolean }>();
  for (const message of messages.slice(fromIndex)) {
    for (const block of message.blocks) if (block.type === 'tool_result') results.set(block.toolUseId, block);
  }
  return messages.slice(fromIndex).flatMap((message) =>
    message.blocks.flatMap((block) => {
      const result = block.type === 'tool_use' ? results.get(block.id) : undefined;
      return block.type === 'tool_use' && result
        ? [{ name: block.name, arguments: block.input, output: result.output, ...readToolOutcome(result.output, result.isError) }]
        : [];
    }),
  );
}

function offerTools(request: AnthropicRequest): MockTool[] {
  const tools = listCustomTools(request.tools).map((tool) => ({ name: tool.name, description: tool.description, parameters: tool.input_schema }));
  if (request.tool_choice?.type === 'none') return [];
  if (request.tool_choice?.type === 'tool') return tools.filter((tool) => tool.name === request.tool_choice?.name);
  return tools;
}

/** The learner's question: the text of the last user message that has text (tool results come in user messages too). */
export function findQuestion(messages: ReadMessage[]): { questionIndex: number; question: string } {
  const questionIndex = messages.findLastIndex((message) => message.role === 'user' && message.blocks.some((block) => block.type === 'text'));
  return { questionIndex, question: (messages[questionIndex]?.blocks ?? []).map((block) => (block.type === 'text' ? block.text : '')).join('') };
}

/** A conversation with tool blocks must offer tools; the rules of the conversation itself are checked first. */
export function readAnthropicConversation({ body }: { body: AnthropicRequest }): MockConversation {
  checkTools(listCustomTools(body.tools));
  const messages = readMessages(body.messages);
  checkConversation(messages);
  const usesTools = messages.some((message) => message.blocks.some((block) => block.type === 'tool_use' || block.type === 'tool_result'));
  if (usesTools && listCustomTools(body.tools).length === 0) {
    throw new MockRequestFault('Requests which include `tool_use` or `tool_result` blocks must define tools.');
  }
  const { questionIndex, question } = findQuestion(messages);
  return { model: body.model, question, tools: offerTools(body), exchanges: readExchanges(messages, questionIndex + 1) };
}
