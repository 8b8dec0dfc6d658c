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
