import type { FieldChange, Warning } from '../../trace/trace.ts';
import { convertOutcomeToText } from '../tool-outcome-text.ts';
import type { ToolRoundResult, Translated } from '../types.ts';

export type OpenAiChatToolMessage = { role: 'tool'; tool_call_id: string; content: string };

/**
 * Translation #3 for Chat Completions: one `{ role: "tool", tool_call_id, content }`
 * message per call, answering the call by its id. Content is text only.
 */
export function convertToOpenAiChatToolMessages({ results }: { results: ToolRoundResult[] }): Translated<OpenAiChatToolMessage[]> {
  const warnings: Warning[] = [];
  const changes: FieldChange[] = [];
  const messages = results.map(({ call, outcome }, index): OpenAiChatToolMessage => {
    const toolCallId = call.id ?? `call_${index}`;
    changes.push(
      { kind: 'added', to: `[${index}].role`, note: 'a tool message in the conversation' },
      { kind: 'added', to: `[${index}].tool_call_id`, note: `answers the model's call ${toolCallId}` },
    );
    const text = convertOutcomeToText({ call, outcome, provider: 'OpenAI Chat Completions', index, to: `[${index}].content` });
    warnings.push(...text.warnings);
    changes.push(...text.changes);
    return { role: 'tool', tool_call_id: toolCallId, content: text.result };
  });
  return { result: messages, warnings, changes };
}
