import { describe, expect, it } from 'vitest';
import approvalRequestReply from './__fixtures__/vercel-ai-openai-mcp-approval-request.json' with { type: 'json' };
import approvedCallReply from './__fixtures__/vercel-ai-openai-mcp-approved-call.json' with { type: 'json' };
import { openAiResponsesAdapter } from '../openai-responses/openai-responses-adapter.ts';
import { ProviderReplyError } from '../types.ts';
import { openAiResponsesMcp } from './openai-responses-mcp.ts';

const server = {
  url: 'https://mcp.example.com/mcp',
  headers: [
    { name: 'Authorization', value: 'Bearer tok-123456789' },
    { name: 'X-Team', value: 'blue' },
  ],
  requireApproval: 'always' as const,
};

describe('openAiResponsesMcp.describeServer', () => {
  it('writes the server as an mcp tool: the bearer token in authorization, the other headers in headers', () => {
    const described = openAiResponsesMcp.describeServer({ server });
    expect(described.result).toEqual([
      {
        type: 'mcp',
        server_label: 'explorer',
        server_url: server.url,
        require_approval: 'always',
        authorization: 'tok-123456789',
        headers: { 'X-Team': 'blue' },
      },
    ]);
    expect(described.warnings).toEqual([]);
    expect(described.changes).toContainEqual(expect.objectContaining({ kind: 'moved', to: '[0].authorization' }));
  });

  it('leaves out what the learner did not give', () => {
    expect(openAiResponsesMcp.describeServer({ server: { url: server.url, headers: [], requireApproval: 'never' } }).result).toEqual([
      { type: 'mcp', server_label: 'explorer', server_url: server.url, require_approval: 'never' },
    ]);
  });
});

describe('openAiResponsesMcp.readReport, on replies recorded from the real API', () => {
  it('reads a listing and an approval request', () => {
    const report = openAiResponsesMcp.readReport({ body: approvalRequestReply });
    expect(report.map((entry) => entry.kind)).toEqual(['tools-list', 'approval-request']);
    expect(report[0]).toMatchObject({
      path: 'output[0]',
      toolNames: ['create_short_url', 'get_url_stats', 'validate_url', 'generate_short_code'],
      error: null,
    });
    expect(report[1]).toMatchObject({ path: 'output[2]', name: 'create_short_url', arguments: { url: 'https://ai-sdk.dev/', max_clicks: 100 } });
  });

  it('reads an approved call as the call and its result, from the one mcp_call item', () => {
    const report = openAiResponsesMcp.readReport({ body: approvedCallReply });
    expect(report.map((entry) => [entry.kind, entry.path])).toEqual([
      ['tools-list', 'output[0]'],
      ['tool-call', 'output[1]'],
      ['tool-result', 'output[1]'],
    ]);
    expect(report[2]).toMatchObject({ name: 'create_short_url', error: null, text: expect.stringContaining('Short URL created') });
  });

  it('names the field of an MCP item that is not what the SDK types', () => {
    const broken = { ...approvedCallReply, output: [approvedCallReply.output[0], { ...approvedCallReply.output[1], arguments: 7 }] };
    expect(() => openAiResponsesMcp.readReport({ body: broken })).toThrow(ProviderReplyError);
    expect(() => openAiResponsesMcp.readReport({ body: broken })).toThrow(/output\.1\.arguments/);
  });
});

describe('openAiResponsesMcp.appendApprovals', () => {
  it('echoes the provider’s items, then one mcp_approval_response per answer', () => {
    const reply = openAiResponsesAdapter.readResponse({ body: approvalRequestReply });
    const conversation = openAiResponsesAdapter.startConversation({ question: 'Shorten https://ai-sdk.dev/' });
    const appended = openAiResponsesMcp.appendApprovals!({ conversation, reply, answers: [{ id: 'mcpr_1', approve: false }] });
    expect(appended.conversation).toEqual([
      ...conversation,
      ...approvalRequestReply.output,
      { type: 'mcp_approval_response', approval_request_id: 'mcpr_1', approve: false },
    ]);
    expect(appended.messages).toEqual([{ type: 'mcp_approval_response', approval_request_id: 'mcpr_1', approve: false }]);
  });
});
