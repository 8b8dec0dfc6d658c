import OpenAI from 'openai';
import type { Response, ResponseInput, ResponseOutputItem, ResponseStreamEvent, Tool, ResponseInputItem } from 'openai/resources/responses/responses';
import { describe, expect, it } from 'vitest';
import { MOCK_MODEL_NAME } from '../../src/trace/mock-models.ts';
import { SERVER_RECORD_PATH } from '../../src/trace/provider-mcp.ts';
import { ServerRecordSchema, type ServerRecord } from '../../src/trace/server-record-schema.ts';
import { QUESTION } from '../helpers/fixtures.ts';
import { createRecordingFetch, type SeenRequest } from '../helpers/record-sdk-requests.ts';
import { useServer } from '../helpers/use-server.ts';
import { openAiResponsesAdapter } from '../../src/providers/openai-responses/openai-responses-adapter.ts';
import { openAiResponsesMcp, type OpenAiMcpApprovalResponse } from '../../src/providers/provider-mcp/openai-responses-mcp.ts';
import { joinProviderUrl } from '../../src/providers/join-provider-url.ts';

/**
 * The mock model as OpenAI's remote MCP tool, held to the official openai SDK: the SDK
 * sends the `mcp` tool and the approval answer as its types say, reads our output items as
 * its own types, and the built-in server's record shows that every MCP message the items
 * report was really sent, by the mock's own MCP client.
 */

const server = useServer();
const useServerUrl = () => server.url;

function createClient(): OpenAI {
  return new OpenAI({ apiKey: 'test-key-not-secret', baseURL: `${server.url}/mock/openai-responses/v1`, maxRetries: 0 });
}

function newRunId(): string {
  return crypto.randomUUID().replaceAll('-', '');
}

function mcpTool(runId: string, fields: Partial<Tool.Mcp> = {}): Tool.Mcp {
  return { type: 'mcp', server_label: 'explorer', server_url: `${server.url}/mcp?record=${runId}`, require_approval: 'always', ...fields };
}

async function readRecord(runId: string): Promise<ServerRecord> {
  const response = await fetch(`${server.url}${SERVER_RECORD_PATH}/${runId}`);
  expect(response.status).toBe(200);
  return ServerRecordSchema.parse(await response.json());
}

function methodsOf(record: ServerRecord): string[] {
  return record.exchanges.flatMap((exchange) => {
    if (exchange.requestBody === undefined) return [exchange.method];
    const parsed: unknown = JSON.parse(exchange.requestBody);
    return typeof parsed === 'object' && parsed !== null && 'method' in parsed && typeof parsed.method === 'string' ? [parsed.method] : [];
  });
}

function itemsOf<T extends ResponseOutputItem['type']>(response: Response, type: T): Extract<ResponseOutputItem, { type: T }>[] {
  return response.output.filter((item): item is Extract<ResponseOutputItem, { type: T }> => item.type === type);
}

const question: ResponseInput = [{ role: 'user', content: QUESTION }];

/** The provider's MCP items of a response, as the next request's input carries them back. */
function echoMcpItems(response: Response): ResponseInput {
  return [...itemsOf(response, 'mcp_list_tools'), ...itemsOf(response, 'mcp_approval_request'), ...itemsOf(response, 'mcp_call')];
}

describe('the mock as OpenAI’s remote MCP tool, through the openai SDK', () => {
  it('lists the tools and asks for approval; approved, calls add_numbers and answers, and the server saw exactly that', async () => {
    const client = createClient();
    const runId = newRunId();
    const tools = [mcpTool(runId)];
    const first = await client.responses.create({ model: MOCK_MODEL_NAME, input: question, tools });
    expect(first.output.map((item) => item.type)).toEqual(['mcp_list_tools', 'mcp_approval_request']);
    expect(itemsOf(first, 'mcp_list_tools')[0]!.tools.map((tool) => tool.name)).toEqual(['add_numbers']);
    const approval = itemsOf(first, 'mcp_approval_request')[0]!;
    expect(approval).toMatchObject({ server_label: 'explorer', name: 'add_numbers', arguments: '{"a":5,"b":7}' });
    expect(first.output_text).toBe('');
    expect(methodsOf(await readRecord(runId))).toEqual(['initialize', 'notifications/initialized', 'GET', 'tools/list']);

    const second = await client.responses.create({
      model: MOCK_MODEL_NAME,
      input: [...question, ...echoMcpItems(first), { type: 'mcp_approval_response', approval_request_id: approval.id, approve: true }],
      tools,
    });
    expect(second.output.map((item) => item.type)).toEqual(['mcp_call', 'message']);
    expect(itemsOf(second, 'mcp_call')[0]).toMatchObject({
      name: 'add_numbers',
      arguments: '{"a":5,"b":7}',
      output: 'Result: 12',
      error: null,
      approval_request_id: approval.id,
    });
    expect(second.output_text).toBe('5 plus 7 is 12.');
    // The listing rode along in the input: the second turn did not list again, it called.
    const record = await readRecord(runId);
    expect(methodsOf(record).slice(4)).toEqual(['initialize', 'notifications/initialized', 'GET', 'tools/call']);
    const call = record.exchanges.at(-1)!;
    expect(JSON.parse(call.requestBody!)).toMatchObject({ method: 'tools/call', params: { name: 'add_numbers', arguments: { a: 5, b: 7 } } });
    expect(call.responseBody).toContain('Result: 12');
  });

  it('denied, the call is never sent: the model is told, and the server saw no tools/call', async () => {
    const client = createClient();
    const runId = newRunId();
    const tools = [mcpTool(runId)];
    const first = await client.responses.create({ model: MOCK_MODEL_NAME, input: question, tools });
    const approval = itemsOf(first, 'mcp_approval_request')[0]!;
    const second = await client.responses.create({
      model: MOCK_MODEL_NAME,
      input: [...question, ...echoMcpItems(first), { type: 'mcp_approval_response', approval_request_id: approval.id, approve: false }],
      tools,
    });
    expect(second.output.map((item) => item.type)).toEqual(['message']);
    expect(second.output_text).toContain('did not approve');
    expect(methodsOf(await readRecord(runId))).not.toContain('tools/call');
  });

  it('with require_approval "never" lists, calls and answers in one response', async () => {
    const runId = newRunId();
    const response = await createClient().responses.create({ model: MOCK_MODEL_NAME, input: question, tools: [mcpTool(runId, { require_approval: 'never' })] });
    expect(response.output.map((item) => item.type)).toEqual(['mcp_list_tools', 'mcp_call', 'message']);
    expect(itemsOf(response, 'mcp_call')[0]!.approval_request_id).toBeNull();
    expect(methodsOf(await readRecord(runId))).toEqual(['initialize', 'notifications/initialized', 'GET', 'tools/list', 'tools/call']);
  });

  it('sends the token it was given to the server as a bearer, and the server keeps it only as [redacted]', async () => {
    const runId = newRunId();
    const token = 'mcp-token-for-the-provider-0123456789';
    await createClient().responses.create({
      model: MOCK_MODEL_NAME,
      input: question,
      tools: [mcpTool(runId, { require_approval: 'never', authorization: token })],
    });
    const response = await fetch(`${server.url}${SERVER_RECORD_PATH}/${runId}`);
    const text = await response.text();
    expect(text).not.toContain(token);
    expect(ServerRecordSchema.parse(JSON.parse(text)).exchanges[0]!.requestHeaders.authorization).toBe('[redacted]');
  });

  it('streams the MCP items with their own events, and the SDK puts the response together', async () => {
    const runId = newRunId();
    const stream = createClient().responses.stream({ model: MOCK_MODEL_NAME, input: question, tools: [mcpTool(runId, { require_approval: 'never' })] });
    const types: ResponseStreamEvent['type'][] = [];
    for await (const event of stream) types.push(event.type);
    const response = await stream.finalResponse();
    expect(types).toEqual(expect.arrayContaining(['response.mcp_list_tools.completed', 'response.mcp_call_arguments.delta', 'response.mcp_call.completed']));
    expect(response.output.map((item) => item.type)).toEqual(['mcp_list_tools', 'mcp_call', 'message']);
    expect(itemsOf(response, 'mcp_call')[0]!.output).toBe('Result: 12');
  });

  it('refuses an approval for a request it never made, naming the field, as OpenAI does', async () => {
    const error = await createClient()
      .responses.create({
        model: MOCK_MODEL_NAME,
        input: [...question, { type: 'mcp_approval_response', approval_request_id: 'mcpr_never', approve: true }],
        tools: [mcpTool(newRunId())],
      })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    expect((error as InstanceType<typeof OpenAI.BadRequestError>).param).toBe('input[1].approval_request_id');
  });

  it('answers 424 when the server cannot be listed, as OpenAI answers a failed MCP server', async () => {
    const error = await createClient()
      .responses.create({
        model: MOCK_MODEL_NAME,
        input: question,
        tools: [{ type: 'mcp', server_label: 'gone', server_url: `${server.url}/nothing-here`, require_approval: 'never' }],
      })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OpenAI.APIError);
    const apiError = error as InstanceType<typeof OpenAI.APIError>;
    expect(apiError.status).toBe(424);
    expect(apiError.type).toBe('external_connector_error');
    expect(apiError.message).toContain("'gone'");
  });
});

describe('the host’s requests are the ones the openai SDK sends (the SDK as oracle)', () => {
  const withHeaders = () => ({
    url: `${useServerUrl()}/mcp`,
    headers: [
      { name: 'Authorization', value: 'Bearer mcp-token-0123456789' },
      { name: 'X-Team', value: 'blue' },
    ],
    requireApproval: 'always' as const,
  });

  it('the mcp tool is the SDK’s Tool.Mcp (tsc), and the request is byte for byte the SDK’s create({tools}) body, to the same URL with the same key', async () => {
    const seen: SeenRequest[] = [];
    const baseUrl = `${useServerUrl()}/mock/openai-responses/v1`;
    const client = new OpenAI({ apiKey: 'sk-test-not-secret', baseURL: baseUrl, maxRetries: 0, fetch: createRecordingFetch(seen) });
    const tools: Tool[] = openAiResponsesMcp.describeServer({ server: withHeaders() }).result;
    const conversation = openAiResponsesAdapter.startConversation({ question: QUESTION });
    const ours = openAiResponsesMcp.buildRequest({
      model: MOCK_MODEL_NAME,
      apiKey: 'sk-test-not-secret',
      baseUrl,
      conversation,
      server: openAiResponsesMcp.describeServer({ server: withHeaders() }).result,
    });
    const first = await client.responses.create({ model: MOCK_MODEL_NAME, input: question, tools });
    expect(first.output.map((item) => item.type)).toEqual(['mcp_list_tools', 'mcp_approval_request']);
    expect(seen[0]!.url).toBe(joinProviderUrl({ baseUrl, path: ours.path }));
    expect(seen[0]!.body).toBe(JSON.stringify(ours.body));
    expect(seen[0]!.headers.get('authorization')).toBe(ours.headers.authorization);
    expect(seen[0]!.headers.get('content-type')).toBe(ours.headers['content-type']);
  });

  it('the approval answer is the SDK’s ResponseInputItem.McpApprovalResponse (tsc), after the reply’s own items, as the SDK sends it', async () => {
    const seen: SeenRequest[] = [];
    const baseUrl = `${useServerUrl()}/mock/openai-responses/v1`;
    const client = new OpenAI({ apiKey: 'sk-test-not-secret', baseURL: baseUrl, maxRetries: 0, fetch: createRecordingFetch(seen) });
    const described = openAiResponsesMcp.describeServer({ server: { url: `${useServerUrl()}/mcp`, headers: [], requireApproval: 'always' } });
    const first = await client.responses.create({ model: MOCK_MODEL_NAME, input: question, tools: described.result });
    const approval = itemsOf(first, 'mcp_approval_request')[0]!;
    const reply = openAiResponsesAdapter.readResponse({ body: first });
    const appended = openAiResponsesMcp.appendApprovals!({
      conversation: openAiResponsesAdapter.startConversation({ question: QUESTION }),
      reply,
      answers: [{ id: approval.id, approve: true }],
    });
    const answer: ResponseInputItem.McpApprovalResponse = {
      type: 'mcp_approval_response',
      approval_request_id: approval.id,
      approve: true,
    } satisfies OpenAiMcpApprovalResponse;
    await client.responses.create({ model: MOCK_MODEL_NAME, input: [...question, ...echoMcpItems(first), answer], tools: described.result });
    const ours = openAiResponsesMcp.buildRequest({
      model: MOCK_MODEL_NAME,
      apiKey: 'sk-test-not-secret',
      conversation: appended.conversation,
      server: described.result,
    });
    expect(JSON.parse(seen[1]!.body!)).toEqual(ours.body);
  });
});

describe('a server reachable beyond this machine', () => {
  const exposed = useServer({ providerMcp: { servers: 'own' } });

  it('lets its mock call only its own MCP endpoints, not another server', async () => {
    const client = new OpenAI({ apiKey: 'x', baseURL: `${exposed.url}/mock/openai-responses/v1`, maxRetries: 0 });
    const elsewhere = await client.responses
      .create({
        model: MOCK_MODEL_NAME,
        input: question,
        tools: [{ type: 'mcp', server_label: 'other', server_url: `${server.url}/mcp`, require_approval: 'never' }],
      })
      .catch((caught: unknown) => caught);
    expect(elsewhere).toBeInstanceOf(OpenAI.APIError);
    expect((elsewhere as InstanceType<typeof OpenAI.APIError>).message).toContain('only the server');
    const own = await client.responses.create({
      model: MOCK_MODEL_NAME,
      input: question,
      tools: [{ type: 'mcp', server_label: 'own', server_url: `${exposed.url}/mcp`, require_approval: 'never' }],
    });
    expect(own.output_text).toBe('5 plus 7 is 12.');
  });
});

describe('the record route', () => {
  it('answers 404 for a run it has no record of, and 405 to anything but GET', async () => {
    const missing = await fetch(`${server.url}${SERVER_RECORD_PATH}/${newRunId()}`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('?record=');
    const posted = await fetch(`${server.url}${SERVER_RECORD_PATH}/${newRunId()}`, { method: 'POST' });
    expect(posted.status).toBe(405);
    expect(posted.headers.get('allow')).toBe('GET');
  });
});
