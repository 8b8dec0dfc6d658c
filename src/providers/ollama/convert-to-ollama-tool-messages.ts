import type { FieldChange, Warning } from '../../trace/trace.ts';
import { convertToolResultToText } from '../tool-result-text.ts';
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
    if (outcome.type === 'host-error') {
      changes.push({ kind: 'retyped', from: `[${index}].hostError`, to: `[${index}].content`, note: "the host's error, as text" });
      warnings.push({ code: 'host-error-returned', message: `No tool ran for ${call.name}: the host's error goes back to the model instead.`, path: `[${index}]` });
      return { role: 'tool', tool_name: call.name, content: `Error: ${outcome.message}`, ...callId };
    }
    const text = convertToolResultToText({ result: outcome.result, provider: 'Ollama' });
    changes.push({ kind: 'retyped', from: `[${index}].content`, to: `[${index}].content`, note: 'content blocks become one string' });
    if (outcome.result.isError !== undefined) changes.push({ kind: 'dropped', from: `[${index}].isError`, note: 'no error flag here: stated in the text' });
    if (outcome.result.structuredContent !== undefined) {
      changes.push(
        text.warnings.some((warning) => warning.code === 'structured-content-as-text')
          ? { kind: 'retyped', from: `[${index}].structuredContent`, to: `[${index}].content`, note: 'no text content: the structured content goes as JSON text' }
          : { kind: 'dropped', from: `[${index}].structuredContent`, note: 'no field for structured content; the text says the same' },
      );
    }
    warnings.push(...text.warnings.map((warning) => ({ ...warning, path: `[${index}].${warning.path ?? ''}` })));
    return { role: 'tool', tool_name: call.name, content: text.result, ...callId };
  });
  return { result: messages, warnings, changes };
}
