import Anthropic from '@anthropic-ai/sdk';
import type {
  BetaContentBlock,
  BetaMessage,
  BetaMessageParam,
  BetaRawMessageStreamEvent,
  BetaRequestMCPServerURLDefinition,
  BetaToolUnion,
} from '@anthropic-ai/sdk/resources/beta/messages/messages';
import { describe, expect, it } from 'vitest';
import { MOCK_MODEL_NAME } from '../../src/trace/mock-models.ts';
import { ANTHROPIC_MCP_BETA, SERVER_RECORD_PATH } from '../../src/trace/provider-mcp.ts';
import { ServerRecordSchema } from '../../src/trace/server-record-schema.ts';
import { buildAnthropicMcpMessage } from '../../server/mock-model/anthropic-endpoint.ts';
import { QUESTION } from '../helpers/fixtures.ts';
import { createRecordingFetch, type SeenRequest } from '../helpers/record-sdk-requests.ts';
import { useServer } from '../helpers/use-server.ts';
import { anthropicAdapter } from '../../src/providers/anthropic/anthropic-adapter.ts';
import { anthropicMcp } from '../../src/providers/provider-mcp/anthropic-mcp.ts';
import { joinProviderUrl } from '../../src/providers/join-provider-url.ts';

/**
 * The mock model as Anthropic's MCP connector, held to the official @anthropic-ai/sdk: the
 * SDK sends `mcp_servers`, the `mcp_toolset` tool and the connector's beta header as its beta
 * types say, and reads our `mcp_tool_listing`, `mcp_tool_use` and `mcp_tool_result` blocks as
 * its own BetaMessage; the built-in server's record shows the hop was really made.
 */

const server = useServer();

function createClient(): Anthropic {
  return new Anthropic({ apiKey: 'test-key-not-secret', baseURL: `${server.url}/mock/anthropic`, maxRetries: 0 });
}

function newRunId(): string {
  return crypto.randomUUID().replaceAll('-', '');
}

const messages: BetaMessageParam[] = [{ role: 'user', content: QUESTION }];

function blocksOf<T extends BetaContentBlock['type']>(message: BetaMessage, type: T): Extract<BetaContentBlock, { type: T }>[] {
  return message.content.filter((block): block is Extract<BetaContentBlock, { type: T }> => block.type === type);
}

describe('our shapes are the SDK beta types (checked by tsc)', () => {
  it('the mock answers with a BetaMessage whose MCP blocks come first', () => {
    const message: BetaMessage = buildAnthropicMcpMessage({
      reply: { type: 'text', text: '5 plus 7 is 12.', reasoning: '' },
      request: { messages: [{ role: 'user', content: QUESTION }] },
      mcpBlocks: [
        { type: 'mcp_tool_listing', mcp_server_name: 'explorer', tools: [{ name: 'add_numbers', input_schema: { type: 'object' } }] },
        { type: 'mcp_tool_use', id: 'mcptoolu_1', name: 'add_numbers', server_name: 'explorer', input: { a: 5, b: 7 } },
        { type: 'mcp_tool_result', tool_use_id: 'mcptoolu_1', is_error: false, content: [{ type: 'text', text: 'Result: 12', citations: null }] },
      ],
    });
    expect(message.content.map((block) => block.type)).toEqual(['mcp_tool_listing', 'mcp_tool_use', 'mcp_tool_result', 'text']);
  });
});

describe('the host’s request is the one the SDK’s beta client sends (the SDK as oracle)', () => {
  it('mcp_servers and the toolset are the SDK’s beta types (tsc); the body, the path and the beta header are the SDK’s', async () => {
    const seen: SeenRequest[] = [];
    const baseUrl = `${server.url}/mock/anthropic/v1`;
    const client = new Anthropic({ apiKey: 'test-key-not-secret', baseURL: `${server.url}/mock/anthropic`, maxRetries: 0, fetch: createRecordingFetch(seen) });
    const described = anthropicMcp.describeServer({
      server: { url: `${server.url}/mcp`, headers: [{ name: 'Authorization', value: 'Bearer mcp-token-0123456789' }], requireApproval: 'never' },
    });
    const servers: BetaRequestMCPServerURLDefinition[] = described.result.mcp_servers;
    const tools: BetaToolUnion[] = described.result.tools;
    const ours = anthropicMcp.buildRequest({
      model: MOCK_MODEL_NAME,
      apiKey: 'test-key-not-secret',
      conversation: anthropicAdapter.startConversation({ question: QUESTION }),
      server: described.result,
    });
    const message = await client.beta.messages.create({
      model: MOCK_MODEL_NAME,
      max_tokens: 1024,
      messages,
      mcp_servers: servers,
      tools,
      betas: [ANTHROPIC_MCP_BETA],
    });
    expect(message.content.map((block) => block.type)).toEqual(['mcp_tool_listing', 'mcp_tool_use', 'mcp_tool_result', 'text']);
    expect(seen[0]!.url).toBe(joinProviderUrl({ baseUrl, path: ours.path }));
    expect(seen[0]!.body).toBe(JSON.stringify(ours.body));
    expect(seen[0]!.headers.get('anthropic-beta')).toBe(ours.headers['anthropic-beta']);
    // The SDK 1.x speaks anthropic-version 2026-10-21 with a Bearer key; the host, 2023-06-01 with x-api-key (tests/fidelity/anthropic.test.ts).
    expect(ours.headers['anthropic-version']).toBe('2023-06-01');
  });
});

describe('the mock as Anthropic’s MCP connector, through the SDK', () => {
  it('lists the tools, calls add_numbers and answers in one message, and the server saw the hop', async () => {
    const runId = newRunId();
    const message = await createClient().beta.messages.create({
      model: MOCK_MODEL_NAME,
      max_tokens: 1024,
      messages,
      mcp_servers: [{ type: 'url', url: `${server.url}/mcp?record=${runId}`, name: 'explorer' }],
      tools: [{ type: 'mcp_toolset', mcp_server_name: 'explorer' }],
      betas: [ANTHROPIC_MCP_BETA],
    });
    expect(message.content.map((block) => block.type)).toEqual(['mcp_tool_listing', 'mcp_tool_use', 'mcp_tool_result', 'text']);
    expect(blocksOf(message, 'mcp_tool_listing')[0]!.tools.map((tool) => tool.name)).toEqual(['add_numbers']);
    const use = blocksOf(message, 'mcp_tool_use')[0]!;
    expect(use).toMatchObject({ name: 'add_numbers', server_name: 'explorer', input: { a: 5, b: 7 } });
    expect(blocksOf(message, 'mcp_tool_result')[0]).toMatchObject({ tool_use_id: use.id, is_error: false, content: [{ type: 'text', text: 'Result: 12' }] });
    expect(blocksOf(message, 'text')[0]!.text).toBe('5 plus 7 is 12.');
    expect(message.stop_reason).toBe('end_turn');
    const record = ServerRecordSchema.parse(await (await fetch(`${server.url}${SERVER_RECORD_PATH}/${runId}`)).json());
    expect(record.exchanges.map((exchange) => exchange.requestBody && JSON.parse(exchange.requestBody).method)).toEqual([
      'initialize',
      'notifications/initialized',
      undefined,
      'tools/list',
      'tools/call',
    ]);
  });

  it('under the connector beta before pinning (mcp-client-2025-11-20) reports no listing block', async () => {
    const message = await createClient().beta.messages.create({
      model: MOCK_MODEL_NAME,
      max_tokens: 1024,
      messages,
      mcp_servers: [{ type: 'url', url: `${server.url}/mcp`, name: 'explorer' }],
      tools: [{ type: 'mcp_toolset', mcp_server_name: 'explorer' }],
      betas: ['mcp-client-2025-11-20'],
    });
    expect(message.content.map((block) => block.type)).toEqual(['mcp_tool_use', 'mcp_tool_result', 'text']);
  });

  it('takes a pinned listing instead of asking the server again, and honours a tool turned off', async () => {
    const runId = newRunId();
    const message = await createClient().beta.messages.create({
      model: MOCK_MODEL_NAME,
      max_tokens: 1024,
      messages,
      mcp_servers: [{ type: 'url', url: `${server.url}/mcp?record=${runId}`, name: 'explorer' }],
      tools: [
        {
          type: 'mcp_toolset',
          mcp_server_name: 'explorer',
          configs: { add_numbers: { enabled: false } },
          tools: [{ name: 'add_numbers', input_schema: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } } } }],
        },
      ],
      betas: [ANTHROPIC_MCP_BETA],
    });
    // Nothing to call and nothing to list: the server was never reached.
    expect(message.content.map((block) => block.type)).toEqual(['text']);
    expect((await fetch(`${server.url}${SERVER_RECORD_PATH}/${runId}`)).status).toBe(404);
  });

  it('streams the MCP blocks, and the SDK puts the message together', async () => {
    const stream = createClient().beta.messages.stream({
      model: MOCK_MODEL_NAME,
      max_tokens: 1024,
      messages,
      mcp_servers: [{ type: 'url', url: `${server.url}/mcp`, name: 'explorer' }],
      tools: [{ type: 'mcp_toolset', mcp_server_name: 'explorer' }],
      betas: [ANTHROPIC_MCP_BETA],
    });
    const events: BetaRawMessageStreamEvent['type'][] = [];
    for await (const event of stream) events.push(event.type);
    const message = await stream.finalMessage();
    expect(events.at(-1)).toBe('message_stop');
    expect(message.content.map((block) => block.type)).toEqual(['mcp_tool_listing', 'mcp_tool_use', 'mcp_tool_result', 'text']);
  });

  it('refuses mcp_servers without the connector beta header, as Anthropic does', async () => {
    const error = await createClient()
      .beta.messages.create({
        model: MOCK_MODEL_NAME,
        max_tokens: 1024,
        messages,
        mcp_servers: [{ type: 'url', url: `${server.url}/mcp`, name: 'explorer' }],
        tools: [{ type: 'mcp_toolset', mcp_server_name: 'explorer' }],
      })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Anthropic.BadRequestError);
    expect((error as InstanceType<typeof Anthropic.BadRequestError>).message).toContain(ANTHROPIC_MCP_BETA);
  });

  it('refuses a toolset that names no server of mcp_servers', async () => {
    const error = await createClient()
      .beta.messages.create({
        model: MOCK_MODEL_NAME,
        max_tokens: 1024,
        messages,
        mcp_servers: [{ type: 'url', url: `${server.url}/mcp`, name: 'explorer' }],
        tools: [{ type: 'mcp_toolset', mcp_server_name: 'other' }],
        betas: [ANTHROPIC_MCP_BETA],
      })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Anthropic.BadRequestError);
    expect((error as InstanceType<typeof Anthropic.BadRequestError>).message).toContain('no MCP server named');
  });
});
