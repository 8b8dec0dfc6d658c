import { ANTHROPIC_API_VERSION } from '../../src/trace/index.ts';
import { countTokens, writeArgumentsValue, type MockReply } from './mock-reply.ts';
import { readMockVariant } from './mock-variants.ts';
import { jsonResponse } from '../shared/index.ts';
import { createMockEndpoint, MockRequestFault, type MockFault } from './serve-mock-endpoint.ts';
import { stableCallId, stableId } from './stable-id.ts';
import { streamAnthropicAnswer, type AnthropicAnswer } from './stream-anthropic-answer.ts';
import { playMcpConnectorTurn, readMcpConnector, type McpBlock } from './anthropic-mcp.ts';
import { AnthropicRequestSchema, findQuestion, readAnthropicConversation, readMessages, type AnthropicRequest } from './anthropic-request.ts';
import { describeMcpTurn } from './describe-mcp-turn.ts';

/**
 * The mock model behind `POST /mock/anthropic/v1/messages`, in the Anthropic Messages
 * wire format: same request fields, same checks on the conversation (every tool_use
 * answered by a tool_result at the start of the next user message), same response and
 * error shapes. Only the fields the mock reads are parsed; the rest is accepted.
 */

function writeAnthropicError({ status, message }: MockFault): Response {
  const type = status === 413 ? 'request_too_large' : 'invalid_request_error';
  const requestId = `req_mock_${stableId(message)}`;
  return jsonResponse(status, { type: 'error', error: { type, message }, request_id: requestId }, { 'request-id': requestId });
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
export function buildAnthropicMcpMessage({
  reply,
  request,
  mcpBlocks,
}: {
  reply: MockReply;
  request: Pick<AnthropicRequest, 'messages' | 'tools'> & { model?: string };
  mcpBlocks: McpBlock[];
}) {
  const message = buildAnthropicMessage({ reply, request });
  const content: (McpBlock | (typeof message.content)[number])[] = [...mcpBlocks, ...message.content];
  return {
    ...message,
    content,
    context_management: null,
    usage: { ...message.usage, output_tokens: countTokens(JSON.stringify(content)), fallback_credit: null, iterations: null },
  };
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
  readConversation: readAnthropicConversation,
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
    const { question } = findQuestion(messages);
    return playMcpConnectorTurn({
      connector,
      messages: body.messages,
      model: body.model,
      question,
      reach: context.reach,
      requestUrl: request.url,
      signal: request.signal,
    }).then(({ blocks, reply, events }) => {
      const message = buildAnthropicMcpMessage({ reply, request: body, mcpBlocks: blocks });
      return { body: message, reasoning: describeMcpTurn({ events, reply }), headers: { 'request-id': `req_mock_${stableId(message.id)}` } };
    });
  },
});
