import type { ProviderHttpRequest } from '../providers/types.ts';
import type { StepId } from '../trace/steps.ts';
import type { ConversationContext } from './conversation.ts';

/** The steps of one exchange with the model: over HTTP with a provider, or in this tab. */
export type ExchangeStepIds = { request: StepId; resultRequest: StepId; toolCalls: StepId; answer: StepId; stopped: StepId };

export const STEP_IDS: ExchangeStepIds = {
  request: 'provider.request',
  resultRequest: 'host.translate-tool-result',
  toolCalls: 'provider.response.tool-calls',
  answer: 'provider.response.answer',
  stopped: 'provider.response.stopped',
};

export const TAB_STEP_IDS: ExchangeStepIds = {
  request: 'tab-model.prompt',
  resultRequest: 'tab-model.prompt-with-results',
  toolCalls: 'tab-model.output.tool-calls',
  answer: 'tab-model.output.answer',
  stopped: 'tab-model.output.stopped',
};

/**
 * Before a prompt goes to the model in the tab, the host's own step for what constrains
 * it: the grammar built from the tools' schemas, when the request carries one (the first
 * round, unless the learner turned it off).
 */
export async function describeTabModelSteps({ context, request, round }: { context: ConversationContext; request: ProviderHttpRequest; round: number }): Promise<void> {
  const grammar = request.body.grammar;
  if (typeof grammar !== 'string') return;
  const description = context.tabModel?.runner.describe();
  await context.hostStep('host.tool-grammar', {
    payload: {
      grammar,
      rule: 'the sampler may only pick tokens that keep the call valid: one call of one of the listed tools, its arguments as their schemas say',
      round,
      ...(description ? { model: description.name } : {}),
    },
  });
}
