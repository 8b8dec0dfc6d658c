import type { FieldChange, Warning } from '../../trace/index.ts';
import { convertOutcomeToText } from '../tool-outcome-text.ts';
import type { ToolRoundResult, Translated } from '../types.ts';

export type OpenAiChatToolMessage = { role: 'tool'; tool_call_id: string; content: string };

/** The id the host answers a call by: its own, or, for a server that sent none, its position (the echo uses the same). */
export function readToolCallId({ id, index }: { id: string | undefined; index: number }): string {
  return id ?? `call_${index}`;
}

/**
 * Translation #3 for Chat Completions: one `{ role: "tool", tool_call_id, content }`
 * message per call, answering the call by its id. Content is text only. Some compatible
 * servers send calls without an id: those are answered by position, with a warning.
 */
export function convertToOpenAiChatToolMessages({ results }: { results: ToolRoundResult[] }): Translated<OpenAiChatToolMessage[]> {
  const warnings: Warning[] = [];
  const changes: FieldChange[] = [];
  const messages = results.map(({ call, outcome }, index): OpenAiChatToolMessage => {
    const toolCallId = readToolCallId({ id: call.id, index });
    if (call.id === undefined) {
      warnings.push({
        code: 'tool-call-without-id',
        message: `The call to ${call.name} came without an id, as some OpenAI-compatible servers send them: the host answers it by position, as "${toolCallId}", and gives the echoed call the same id.`,
        path: `[${index}]`,
      });
    }
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
