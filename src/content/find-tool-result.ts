import { TOOL_CALL_REPLY_STEPS, type StepId } from '../trace/index.ts';

/**
 * The tool result in a step's payload (the result itself, or a JSON-RPC answer's result)
 * when it has a content array, with the path to it. Light, apart from the content's guards
 * (rich-content.ts, the MCP SDK's): the inspector asks it of every step to decide whether
 * to load the rich-content view at all.
 */
export function findToolResult(value: unknown): { result: unknown; at: string } | null {
  if (typeof value !== 'object' || value === null) return null;
  if ('content' in value && Array.isArray(value.content)) return { result: value, at: '' };
  if ('result' in value && typeof value.result === 'object' && value.result !== null && 'content' in value.result && Array.isArray(value.result.content)) {
    return { result: value.result, at: 'result.' };
  }
  return null;
}

/**
 * The steps whose payload is an MCP tool result: the server's answer to tools/call, and
 * the result the client hands the host. A provider's reply can have a `content` array at
 * the top too (Anthropic's Messages does, of text and tool_use blocks), in the provider's
 * format: read as MCP content it was called a tool result, its blocks "not a content block".
 */
const TOOL_RESULT_STEPS: ReadonlySet<string> = new Set(['mcp.tools-call.response', 'client.result-to-host'] satisfies StepId[]);

/** The tool result a step carries, by what the step is and then by its payload's shape; null for every other step. */
export function findStepToolResult({ id, payload }: { id: string; payload: unknown }): { result: unknown; at: string } | null {
  return TOOL_RESULT_STEPS.has(id) ? findToolResult(payload) : null;
}

/**
 * The steps just before a tool result. The rich-content view is a chunk of its own, shown
 * above the payload: loaded only when the result is on show, it arrived after the payload
 * and moved its buttons under a learner's click. From these it is loaded ahead.
 */
const BEFORE_TOOL_RESULT_STEPS: ReadonlySet<string> = new Set([
  ...TOOL_CALL_REPLY_STEPS,
  ...(['host.translate-tool-call', 'mcp.tools-call.request'] satisfies StepId[]),
]);

export function comesBeforeToolResult(id: string): boolean {
  return BEFORE_TOOL_RESULT_STEPS.has(id);
}
