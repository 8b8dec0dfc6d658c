import type { FieldChange, Warning } from '../../trace/index.ts';
import { convertOutcomeToText } from '../tool-outcome-text.ts';
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
    const text = convertOutcomeToText({ call, outcome, provider: PROVIDER, index, to: `[${index}].content` });
    warnings.push(...text.warnings);
    changes.push(...text.changes);
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
