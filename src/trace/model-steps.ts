import type { StepId } from './steps.ts';

/**
 * The steps of one exchange with the model, by role: over HTTP with a provider, or with the
 * model in the learner's tab (no HTTP). Words, outcomes and recaps that ask "did the model
 * call a tool", "did it answer" read these sets, so a run with either model is read alike.
 */
export type ModelExchangeStepIds = { request: StepId; resultRequest: StepId; toolCalls: StepId; answer: StepId; stopped: StepId };

export const PROVIDER_EXCHANGE_STEPS: ModelExchangeStepIds = {
  request: 'provider.request',
  resultRequest: 'host.translate-tool-result',
  toolCalls: 'provider.response.tool-calls',
  answer: 'provider.response.answer',
  stopped: 'provider.response.stopped',
};

export const TAB_MODEL_EXCHANGE_STEPS: ModelExchangeStepIds = {
  request: 'tab-model.prompt',
  resultRequest: 'tab-model.prompt-with-results',
  toolCalls: 'tab-model.output.tool-calls',
  answer: 'tab-model.output.answer',
  stopped: 'tab-model.output.stopped',
};

const byRole = (role: keyof ModelExchangeStepIds): ReadonlySet<string> => new Set([PROVIDER_EXCHANGE_STEPS[role], TAB_MODEL_EXCHANGE_STEPS[role]]);

/** The model's reply that asks for tools. */
export const TOOL_CALL_REPLY_STEPS = byRole('toolCalls');
/** The model's reply in words. */
export const ANSWER_REPLY_STEPS = byRole('answer');
/** The host's request to the model: the first of a round, or the one carrying tool results (translation #3). */
export const MODEL_REQUEST_STEPS: ReadonlySet<string> = new Set([...byRole('request'), ...byRole('resultRequest')]);
