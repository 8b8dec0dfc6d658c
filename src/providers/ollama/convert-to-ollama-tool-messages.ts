import type { FieldChange, Warning } from '../../trace/index.ts';
import { convertOutcomeToText } from '../tool-outcome-text.ts';
import type { ToolRoundResult, Translated } from '../types.ts';

export type OllamaToolMessage = { role: 'tool'; tool_name: string; content: string; tool_call_id?: string };

/**
 * Translation #3 for Ollama: one `{ role: "tool", tool_name, content }` message per
 * call. Ollama answers a call by the tool's name (newer versions also read
 * `tool_call_id`, sent when the call had an id). Content is text only.
 */
export function convertToOllamaToolMessages({ results }: { results: ToolRoundResult[] }): Translated<OllamaToolMessage[]> {
  const warnings: Warning[] = [];
  const changes: FieldChange[] = [];
  const messages = results.map(({ call, outcome }, index): OllamaToolMessage => {
    changes.push(
      { kind: 'added', to: `[${index}].role`, note: 'a tool message in the conversation' },
      { kind: 'added', to: `[${index}].tool_name`, note: `answers the model's call to ${call.name}` },
    );
    const callId = call.id === undefined ? {} : { tool_call_id: call.id };
    if (call.id !== undefined) changes.push({ kind: 'added', to: `[${index}].tool_call_id`, note: `answers the model's call ${call.id}` });
    const text = convertOutcomeToText({ call, outcome, provider: 'Ollama', index, to: `[${index}].content` });
    warnings.push(...text.warnings);
    changes.push(...text.changes);
    return { role: 'tool', tool_name: call.name, content: text.result, ...callId };
  });
  return { result: messages, warnings, changes };
}
