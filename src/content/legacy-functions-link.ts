/**
 * The article shows the model's tool call as OpenAI's `function_call` (the legacy
 * functions format, one call and no id). A run in another format shows the same moment
 * in its own fields, so at steps 9 and 10 the learner is offered the article's format.
 */
export const LEGACY_FUNCTIONS_WIRE = 'openai-functions';

const ARTICLE_STEPS: ReadonlySet<string> = new Set(['llm.decide', 'provider.response.tool-calls']);

export function findLegacyFunctionsLink({ stepId, wire }: { stepId: string; wire: string | null }): string | null {
  if (wire === null || wire === LEGACY_FUNCTIONS_WIRE || !ARTICLE_STEPS.has(stepId)) return null;
  return 'The article writes this tool call as function_call, in OpenAI’s legacy functions format: one call, no id.';
}
