import type { ProviderHttpRequest } from '../providers/index.ts';
import type { HostStep } from './run-context.ts';
import type { TabModel } from './tab-model.ts';

/** What of the conversation the grammar's step needs: its host step and the model in the tab (typed here, so that the conversation's file is not imported back). */
type TabModelStepContext = { hostStep: HostStep; tabModel?: TabModel };

/**
 * Before a prompt goes to the model in the tab, the host's own step for what constrains
 * it: the grammar built from the tools' schemas, when the request carries one (the first
 * round, unless the learner turned it off).
 */
export async function describeTabModelSteps({
  context,
  request,
  round,
}: {
  context: TabModelStepContext;
  request: ProviderHttpRequest;
  round: number;
}): Promise<void> {
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
