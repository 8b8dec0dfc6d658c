import { describe, expect, it } from 'vitest';
import recordedReply from './__fixtures__/vercel-ai-anthropic-mcp.json' with { type: 'json' };
import { ANTHROPIC_MCP_BETA } from '../../trace/provider-mcp.ts';
import { anthropicAdapter } from '../anthropic/anthropic-adapter.ts';
import { ProviderReplyError } from '../types.ts';
import { anthropicMcp } from './anthropic-mcp.ts';

describe('anthropicMcp.describeServer', () => {
  it('names the server in mcp_servers with the bearer token, offers it with an mcp_toolset, and says what it cannot carry', () => {
    const described = anthropicMcp.describeServer({
      server: {
        url: 'https://mcp.example.com/mcp',
        headers: [
          { name: 'Authorization', value: 'Bearer tok-123456789' },
          { name: 'X-Team', value: 'blue' },
        ],
        requireApproval: 'always',
      },
    });
    expect(described.result).toEqual({
      mcp_servers: [{ type: 'url', url: 'https://mcp.example.com/mcp', name: 'explorer', authorization_token: 'tok-123456789' }],
      tools: [{ type: 'mcp_toolset', mcp_server_name: 'explorer' }],
    });
    expect(described.warnings.map((warning) => warning.code)).toEqual(['header-not-carried', 'approval-not-carried']);
    expect(described.warnings[0]!.message).toContain('X-Team');
  });

  it('builds the beta request: the beta header, the server beside the messages', () => {
    const { result } = anthropicMcp.describeServer({ server: { url: 'https://mcp.example.com/mcp', headers: [], requireApproval: 'never' } });
    const request = anthropicMcp.buildRequest({
      model: 'claude-haiku-4-5',
      apiKey: 'sk-ant-test',
      conversation: anthropicAdapter.startConversation({ question: 'Q' }),
      server: result,
    });
    expect(request.path).toBe('/messages');
    expect(request.headers).toMatchObject({ 'anthropic-beta': ANTHROPIC_MCP_BETA, 'x-api-key': 'sk-ant-test' });
    expect(request.body).toMatchObject({ messages: [{ role: 'user', content: 'Q' }], mcp_servers: result.mcp_servers, tools: result.tools });
  });
});

describe('anthropicMcp.readReport, on a reply recorded from the real API', () => {
  it('reads the mcp_tool_use as the call and the mcp_tool_result as its result', () => {
    const report = anthropicMcp.readReport({ body: recordedReply });
    expect(report).toEqual([
      { kind: 'tool-call', path: 'content[0]', item: recordedReply.content[0], name: 'echo', arguments: { message: 'hello world' } },
      { kind: 'tool-result', path: 'content[1]', item: recordedReply.content[1], name: 'echo', text: 'Tool echo: hello world', error: null },
    ]);
    expect(anthropicAdapter.readResponse({ body: recordedReply }).text).toContain('hello world');
  });

  it('names the field of an MCP block that is not what the SDK types', () => {
    const broken = { ...recordedReply, content: [{ ...recordedReply.content[0], server_name: 42 }] };
    expect(() => anthropicMcp.readReport({ body: broken })).toThrow(ProviderReplyError);
    expect(() => anthropicMcp.readReport({ body: broken })).toThrow(/content\.0\.server_name/);
  });
});
