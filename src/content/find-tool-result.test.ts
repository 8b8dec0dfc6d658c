import { describe, expect, it } from 'vitest';
import recordedAnthropicReply from '../providers/anthropic/__fixtures__/text-then-tool-use.json';
import { STEP_DEFINITIONS } from '../trace/steps.ts';
import { comesBeforeToolResult, findStepToolResult } from './find-tool-result.ts';

const TOOL_RESULT = { content: [{ type: 'text', text: '12' }], structuredContent: { result: 12 } };

describe('findStepToolResult', () => {
  it("finds the result in the server's answer to tools/call and in what the client hands the host", () => {
    expect(findStepToolResult({ id: 'mcp.tools-call.response', payload: { jsonrpc: '2.0', id: 3, result: TOOL_RESULT } })).toEqual({
      result: TOOL_RESULT,
      at: 'result.',
    });
    expect(findStepToolResult({ id: 'client.result-to-host', payload: TOOL_RESULT })).toEqual({ result: TOOL_RESULT, at: '' });
  });

  it("finds none in a provider's reply whose content array is the provider's own (a reply recorded from Anthropic's Messages API)", () => {
    expect(Array.isArray(recordedAnthropicReply.content)).toBe(true);
    for (const id of ['provider.response.tool-calls', 'provider.response.answer', 'provider.response.sampling'] as const) {
      expect(findStepToolResult({ id, payload: recordedAnthropicReply })).toBeNull();
    }
  });

  it("finds none in the host's translation of the result for the model, nor in an answer with no content array", () => {
    expect(
      findStepToolResult({
        id: 'host.translate-tool-result',
        payload: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: '12' }] },
      }),
    ).toBeNull();
    expect(
      findStepToolResult({ id: 'mcp.tools-call.response', payload: { jsonrpc: '2.0', id: 3, error: { code: -32602, message: 'Unknown tool' } } }),
    ).toBeNull();
  });
});

describe('comesBeforeToolResult', () => {
  it('names the steps of a round before its tool result, each one that exists', () => {
    const before = Object.keys(STEP_DEFINITIONS).filter(comesBeforeToolResult);
    expect(before.sort()).toEqual(['host.translate-tool-call', 'mcp.tools-call.request', 'provider.response.tool-calls', 'tab-model.output.tool-calls']);
    for (const id of before)
      expect(STEP_DEFINITIONS[id as keyof typeof STEP_DEFINITIONS].canonical).toBeLessThan(STEP_DEFINITIONS['mcp.tools-call.response'].canonical!);
  });
});
