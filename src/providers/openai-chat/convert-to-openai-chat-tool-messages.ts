import type { Warning } from '../../lifecycle/trace.ts';
import { convertToolResultToText } from '../tool-result-text.ts';
import type { ToolRoundResult, Translated } from '../types.ts';

export type OpenAiChatToolMessage = { role: 'tool'; tool_call_id: string; content: string };

/**
 * Translation #3 for Chat Completions: one `{ role: "tool", tool_call_id, content }`
 * message per call, answering the call by its id. Content is text only.
 */
export function convertToOpenAiChatToolMessages({ results }: { results: ToolRoundResult[] }): Translated<OpenAiChatToolMessage[]> {
  const warnings: Warning[] = [];
  const messages = results.map(({ call, outcome }, index): OpenAiChatToolMessage => {
    const toolCallId = call.id ?? `call_${index}`;
    if (outcome.type === 'host-error') {
      warnings.push({ code: 'host-error-returned', message: `No tool ran for ${call.name}: the host's error goes back to the model instead.`, path: `[${index}]` });
      return { role: 'tool', tool_call_id: toolCallId, content: `Error: ${outcome.message}` };
    }
    const text = convertToolResultToText({ result: outcome.result, provider: 'OpenAI Chat Completions' });
    warnings.push(...text.warnings.map((warning) => ({ ...warning, path: `[${index}].${warning.path ?? ''}` })));
    return { role: 'tool', tool_call_id: toolCallId, content: text.result };
  });
  return { result: messages, warnings };
}
