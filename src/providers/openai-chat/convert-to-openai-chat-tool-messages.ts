import type { FieldChange, Warning } from '../../trace/trace.ts';
import { convertToolResultToText } from '../tool-result-text.ts';
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
    if (outcome.type === 'host-error') {
      changes.push({ kind: 'retyped', from: `[${index}].hostError`, to: `[${index}].content`, note: "the host's error, as text" });
      warnings.push({ code: 'host-error-returned', message: `No tool ran for ${call.name}: the host's error goes back to the model instead.`, path: `[${index}]` });
      return { role: 'tool', tool_call_id: toolCallId, content: `Error: ${outcome.message}` };
    }
    const text = convertToolResultToText({ result: outcome.result, provider: 'OpenAI Chat Completions' });
    changes.push({ kind: 'retyped', from: `[${index}].content`, to: `[${index}].content`, note: 'content blocks become one string' });
    if (outcome.result.isError !== undefined) changes.push({ kind: 'dropped', from: `[${index}].isError`, note: 'no error flag here: stated in the text' });
    if (outcome.result.structuredContent !== undefined) {
      // Without text content, the structured content itself is what goes out, as JSON text.
      const sentAsText = !outcome.result.content.some((block) => block.type === 'text');
      changes.push(
        sentAsText
          ? { kind: 'retyped', from: `[${index}].structuredContent`, to: `[${index}].content`, note: 'structured content sent as JSON text' }
          : { kind: 'dropped', from: `[${index}].structuredContent`, note: 'no field for structured content; the text says the same' },
      );
    }
    warnings.push(...text.warnings.map((warning) => ({ ...warning, path: `[${index}].${warning.path ?? ''}` })));
    return { role: 'tool', tool_call_id: toolCallId, content: text.result };
  });
  return { result: messages, warnings, changes };
}
