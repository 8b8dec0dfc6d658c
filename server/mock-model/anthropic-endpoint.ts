import { z } from 'zod';
import { ANTHROPIC_API_VERSION } from '../../src/trace/provider-rules.ts';
import { countTokens, readToolOutcome, writeArgumentsValue, type MockReply, type MockTool, type MockToolExchange } from './mock-reply.ts';
import { readMockVariant } from './mock-variants.ts';
import { jsonResponse } from '../shared/json-response.ts';
import { createMockEndpoint, MockRequestFault, type MockConversation, type MockFault } from './serve-mock-endpoint.ts';
import { stableCallId, stableId } from './stable-id.ts';
import { streamAnthropicAnswer, type AnthropicAnswer } from './stream-anthropic-answer.ts';
import { McpToolsetSchema, playMcpConnectorTurn, readMcpConnector, type McpBlock } from './anthropic-mcp.ts';
import { describeMcpTurn } from './describe-mcp-turn.ts';

/**
 * The mock model behind `POST /mock/anthropic/v1/messages`, in the Anthropic Messages
 * wire format: same request fields, same checks on the conversation (every tool_use
 * answered by a tool_result at the start of the next user message), same response and
 * error shapes. Only the fields the mock reads are parsed; the rest is accepted.
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
type AnthropicRequest = z.infer<typeof AnthropicRequestSchema>;

/** The custom tools of a request (an mcp_toolset is the connector's, read apart). */
function listCustomTools(tools: AnthropicRequest['tools']): z.infer<typeof ToolSchema>[] {
  return (tools ?? []).flatMap((tool) => ('type' in tool && tool.type === 'mcp_toolset' ? [] : [ToolSchema.parse(tool)]));
}

const TextBlockSchema = z.looseObject({ type: z.literal('text'), text: z.string() });
/** A string input is what the broken-json variant wrote itself; the host echoes it back, so the mock reads it. */
const ToolUseBlockSchema = z.looseObject({ type: z.literal('tool_use'), id: z.string(), name: z.string(), input: z.union([z.record(z.string(), z.unknown()), z.string()]) });
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

function writeAnthropicError({ status, message }: MockFault): Response {
  const type = status === 413 ? 'request_too_large' : 'invalid_request_error';
  const requestId = `req_mock_${stableId(message)}`;
  return jsonResponse(status, { type: 'error', error: { type, message }, request_id: requestId }, { 'request-id': requestId });
}

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

function readMessages(messages: AnthropicRequest['messages']): ReadMessage[] {
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
          return { type: 'tool_result', toolUseId: toolResult.tool_use_id, isError: toolResult.is_error ?? false, ...readToolResultOutput(toolResult.content, path) };
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
      return block.type === 'tool_use' && result ? [{ name: block.name, arguments: block.input, output: result.output, ...readToolOutcome(result.output, result.isError) }] : [];
    }),
  );
}

function offerTools(request: AnthropicRequest): MockTool[] {
  const tools = listCustomTools(request.tools).map((tool) => ({ name: tool.name, description: tool.description, parameters: tool.input_schema }));
  if (request.tool_choice?.type === 'none') return [];
  if (request.tool_choice?.type === 'tool') return tools.filter((tool) => tool.name === request.tool_choice?.name);
  return tools;
}

/**
 * How Anthropic ends a stopped reply: `refusal` (with no content) and `max_tokens` (with
 * the half answer). Anthropic has no content-filter stop of its own: its policy classifiers
 * end a reply with `refusal`, so that is what a filtered reply gets.
 */
function writeAnthropicStop(reply: Extract<MockReply, { type: 'stop' }>) {
  if (reply.stop === 'cut-off') return { content: [{ type: 'text' as const, text: reply.text, citations: null }], stopReason: 'max_tokens' as const };
  return { content: [], stopReason: 'refusal' as const };
}

/** The reasoning note, with what the Anthropic format cannot say told in it. */
export function describeAnthropicReasoning(reply: MockReply): string {
  if (reply.type !== 'stop' || reply.stop !== 'content-filter') return reply.reasoning;
  return `${reply.reasoning} Anthropic has no content-filter stop reason: its policy classifiers end the reply with stop_reason "refusal".`;
}

/** The mock's reply in the exact shape of an Anthropic `Message`. */
export function buildAnthropicMessage({ reply, request }: { reply: MockReply; request: Pick<AnthropicRequest, 'messages' | 'tools'> & { model?: string } }) {
  const turn = request.messages.length;
  const stop = reply.type === 'stop' ? writeAnthropicStop(reply) : undefined;
  const content = stop
    ? stop.content
    : reply.type === 'tool-calls'
      ? reply.calls.map((call, index) => ({
          type: 'tool_use' as const,
          id: `toolu_${stableCallId({ turn, index, call })}`,
          name: call.name,
          input: writeArgumentsValue(call),
          caller: { type: 'direct' as const },
        }))
      : [{ type: 'text' as const, text: reply.text, citations: null }];
  const inputTokens = countTokens(JSON.stringify(request.messages) + JSON.stringify(request.tools ?? []));
  return {
    id: `msg_mock_${stableId(JSON.stringify(request.messages))}`,
    type: 'message' as const,
    role: 'assistant' as const,
    model: readMockVariant(request.model),
    content,
    stop_reason: stop?.stopReason ?? (reply.type === 'tool-calls' ? ('tool_use' as const) : ('end_turn' as const)),
    stop_sequence: null,
    stop_details: null,
    container: null,
    diagnostics: null,
    usage: {
      input_tokens: inputTokens,
      output_tokens: countTokens(JSON.stringify(content)),
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
      cache_creation: null,
      inference_geo: null,
      output_tokens_details: null,
      server_tool_use: null,
      service_tier: 'standard' as const,
      speed: null,
    },
  };
}

/** Provider-side MCP: the message (a BetaMessage) with what the provider's MCP client did first, as the turn went; the mock does no context management. */
export function buildAnthropicMcpMessage({ reply, request, mcpBlocks }: { reply: MockReply; request: Pick<AnthropicRequest, 'messages' | 'tools'> & { model?: string }; mcpBlocks: McpBlock[] }) {
  const message = buildAnthropicMessage({ reply, request });
  const content: (McpBlock | (typeof message.content)[number])[] = [...mcpBlocks, ...message.content];
  return { ...message, content, context_management: null, usage: { ...message.usage, output_tokens: countTokens(JSON.stringify(content)), fallback_credit: null, iterations: null } };
}

/** A conversation with tool blocks must offer tools; the rules of the conversation itself are checked first. */
function readConversation({ body }: { body: AnthropicRequest }): MockConversation {
  checkTools(listCustomTools(body.tools));
  const messages = readMessages(body.messages);
  checkConversation(messages);
  const usesTools = messages.some((message) => message.blocks.some((block) => block.type === 'tool_use' || block.type === 'tool_result'));
  if (usesTools && listCustomTools(body.tools).length === 0) {
    throw new MockRequestFault('Requests which include `tool_use` or `tool_result` blocks must define tools.');
  }
  const questionIndex = messages.findLastIndex((message) => message.role === 'user' && message.blocks.some((block) => block.type === 'text'));
  const question = (messages[questionIndex]?.blocks ?? []).map((block) => (block.type === 'text' ? block.text : '')).join('');
  return { model: body.model, question, tools: offerTools(body), exchanges: readExchanges(messages, questionIndex + 1) };
}

export const anthropicEndpoint = createMockEndpoint<AnthropicRequest, AnthropicAnswer>({
  requestSchema: AnthropicRequestSchema,
  describeWrongMethod: (method) => `Use POST for /v1/messages, not ${method}.`,
  invalidJsonMessage: 'The request body is not valid JSON. Send a JSON object with "model", "max_tokens" and "messages".',
  describeSchemaIssue: (issue) => {
    const missing = issue?.code === 'invalid_type' && /received undefined/.test(issue.message);
    return { message: `${issue?.path.join('.') || 'body'}: ${missing ? 'Field required' : (issue?.message ?? 'not understood')}` };
  },
  writeError: writeAnthropicError,
  checkRequest: (request) => {
    if (!request.headers.get('anthropic-version')) {
      throw new MockRequestFault(`anthropic-version: header is required. Send "anthropic-version: ${ANTHROPIC_API_VERSION}".`);
    }
  },
  readConversation,
  writeAnswer: ({ reply, body }) => {
    const message = buildAnthropicMessage({ reply, request: body });
    return { body: message, reasoning: describeAnthropicReasoning(reply), headers: { 'request-id': `req_mock_${stableId(message.id)}` } };
  },
  asksForStream: ({ body }) => body.stream === true,
  streamAnswer: streamAnthropicAnswer,
  answerWithMcp: ({ body, request, context }) => {
    const connector = readMcpConnector({ body, request });
    if (!connector) return undefined;
    const messages = readMessages(body.messages);
    const questionIndex = messages.findLastIndex((message) => message.role === 'user' && message.blocks.some((block) => block.type === 'text'));
    const question = (messages[questionIndex]?.blocks ?? []).map((block) => (block.type === 'text' ? block.text : '')).join('');
    return playMcpConnectorTurn({ connector, messages: body.messages, model: body.model, question, reach: context.reach, requestUrl: request.url, signal: request.signal }).then(({ blocks, reply, events }) => {
      const message = buildAnthropicMcpMessage({ reply, request: body, mcpBlocks: blocks });
      return { body: message, reasoning: describeMcpTurn({ events, reply }), headers: { 'request-id': `req_mock_${stableId(message.id)}` } };
    });
  },
});
