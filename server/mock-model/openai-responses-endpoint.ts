import { countTokens, writeArgumentsText, type MockReply } from './mock-reply.ts';
import { readMockVariant } from './mock-variants.ts';
import { writeOpenAiError } from './openai-error.ts';
import { createMockEndpoint, MockRequestFault } from './serve-mock-endpoint.ts';
import { stableId } from './stable-id.ts';
import { streamOpenAiResponsesAnswer } from './stream-openai-responses-answer.ts';
import { echoMcpTool, McpToolSchema, playMcpTurn, readMcpTool, type McpOutputItem } from './openai-responses-mcp.ts';
import {
  findQuestion,
  FunctionToolSchema,
  pathOf,
  readInputItems,
  readResponsesConversation,
  RequestSchema,
  type ResponsesRequest,
} from './openai-responses-request.ts';
import type { FunctionCallItem, MessageItem, MockResponsesBody } from './openai-responses-body.ts';

export type { MockResponsesBody } from './openai-responses-body.ts';
import { describeMcpTurn } from './describe-mcp-turn.ts';

/**
 * The mock model behind `POST /mock/openai-responses/v1/responses`, in the OpenAI
 * Responses wire format: the conversation arrives as `input` items, calls leave as
 * `function_call` output items, the answer as a `message` item. Only the fields the mock
 * reads are checked; errors come in OpenAI's shape, with the path of the faulty field.
 */

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
      return {
        output: [{ id, type: 'message', status: 'completed', role: 'assistant', content: [{ type: 'refusal', refusal: reply.text }] }],
        incomplete: null,
      };
    case 'cut-off':
      return {
        output: [
          { id, type: 'message', status: 'incomplete', role: 'assistant', content: [{ type: 'output_text', text: reply.text, annotations: [], logprobs: [] }] },
        ],
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
    return [
      {
        id: `msg_mock_${stableId(`${seed}:message`)}`,
        type: 'message',
        status: 'completed',
        role: 'assistant',
        content: [{ type: 'output_text', text: reply.text, annotations: [], logprobs: [] }],
      },
    ];
  }
  // With parallel_tool_calls false the model makes one call per response; the rest follow in later turns.
  const calls = request.parallel_tool_calls === false ? reply.calls.slice(0, 1) : reply.calls;
  return calls.map((call, index): FunctionCallItem => {
    const key = `${seed}:${index}:${call.name}:${JSON.stringify(call.arguments)}`;
    return {
      id: `fc_mock_${stableId(`item:${key}`)}`,
      type: 'function_call',
      status: 'completed',
      arguments: writeArgumentsText(call),
      call_id: `call_${stableId(key)}`,
      name: call.name,
    };
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
export function buildOpenAiResponse({
  reply,
  request,
  mcpItems = [],
}: {
  reply: MockReply | undefined;
  request: ResponsesRequest;
  mcpItems?: McpOutputItem[];
}): MockResponsesBody {
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

export const openAiResponsesEndpoint = createMockEndpoint<ResponsesRequest, MockResponsesBody>({
  requestSchema: RequestSchema,
  describeWrongMethod: (method) => `Use POST for /v1/responses, not ${method}.`,
  invalidJsonMessage: 'The request body is not valid JSON. Send a JSON object with "model" and "input".',
  describeSchemaIssue: (issue) => ({ message: issue?.message ?? 'Invalid request.', param: issue ? pathOf('', issue.path).replace(/^\./, '') || null : null }),
  writeError: writeOpenAiError,
  checkBody: (body) => {
    if (body.previous_response_id) {
      throw new MockRequestFault(
        'The mock model stores no responses, so it cannot continue one: send the whole conversation in "input" instead.',
        'previous_response_id',
      );
    }
  },
  readConversation: readResponsesConversation,
  writeAnswer: ({ reply, body }) => ({ body: buildOpenAiResponse({ reply, request: body }) }),
  answerWithMcp: ({ body, request, context }) => {
    const tool = readMcpTool(body.tools);
    if (!tool) return undefined;
    const items = typeof body.input === 'string' ? [] : body.input;
    const { question } = findQuestion(readInputItems(body.input));
    return playMcpTurn({ tool, items, model: body.model, question, reach: context.reach, requestUrl: request.url, signal: request.signal }).then(
      ({ items: mcpItems, reply, events }) => ({
        body: buildOpenAiResponse({ reply, request: body, mcpItems }),
        reasoning: describeMcpTurn({ events, reply }),
      }),
    );
  },
  asksForStream: ({ body }) => body.stream === true,
  streamAnswer: streamOpenAiResponsesAnswer,
});
