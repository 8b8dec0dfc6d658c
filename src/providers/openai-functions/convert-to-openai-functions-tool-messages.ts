import type { FieldChange, Warning } from '../../trace/trace.ts';
import { convertToolResultToText } from '../tool-result-text.ts';
import type { ToolRoundResult, Translated } from '../types.ts';

/** The SDK's ChatCompletionFunctionMessageParam: the result is matched to its call by name. */
export type OpenAiFunctionMessage = { role: 'function'; name: string; content: string };

const PROVIDER = 'OpenAI legacy functions';

/**
 * Translation #3 for legacy functions: one `{ role: "function", name, content }` message
 * per call. With no call id, the function's name is all that ties the result to its call;
 * content is text only.
 */
export function convertToOpenAiFunctionsToolMessages({ results }: { results: ToolRoundResult[] }): Translated<OpenAiFunctionMessage[]> {
  const warnings: Warning[] = [];
  const changes: FieldChange[] = [];
  const messages = results.map(({ call, outcome }, index): OpenAiFunctionMessage => {
    changes.push(
      { kind: 'added', to: `[${index}].role`, note: 'a function message in the conversation' },
      { kind: 'added', to: `[${index}].name`, note: `the function that ran, "${call.name}": the legacy format has no call id` },
    );
    if (outcome.type === 'host-error') {
      changes.push({ kind: 'retyped', from: `[${index}].hostError`, to: `[${index}].content`, note: "the host's error, as text" });
      warnings.push({ code: 'host-error-returned', message: `No tool ran for ${call.name}: the host's error goes back to the model instead.`, path: `[${index}]` });
      return { role: 'function', name: call.name, content: `Error: ${outcome.message}` };
    }
    const text = convertToolResultToText({ result: outcome.result, provider: PROVIDER });
    changes.push({ kind: 'retyped', from: `[${index}].content`, to: `[${index}].content`, note: 'content blocks become one string' });
    if (outcome.result.isError !== undefined) changes.push({ kind: 'dropped', from: `[${index}].isError`, note: 'no error flag here: stated in the text' });
    if (outcome.result.structuredContent !== undefined) {
      changes.push(
        text.warnings.some((warning) => warning.code === 'structured-content-as-text')
          ? { kind: 'retyped', from: `[${index}].structuredContent`, to: `[${index}].content`, note: 'no text came with it, so it is sent as JSON text' }
          : { kind: 'dropped', from: `[${index}].structuredContent`, note: 'no field for structured content; the text says the same' },
      );
    }
    warnings.push(...text.warnings.map((warning) => ({ ...warning, path: `[${index}].${warning.path ?? ''}` })));
    return { role: 'function', name: call.name, content: text.result };
  });
  if (results.length > 1) {
    warnings.push({
      code: 'several-function-results',
      message: 'The legacy format answers one call per turn; several function messages are sent, matched to their calls only by name.',
      path: '[]',
    });
  }
  return { result: messages, warnings, changes };
}
