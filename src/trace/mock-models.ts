/**
 * The names the built-in mock model goes by: the deterministic rules, and variants each
 * with one habit a real model can have, chosen by the model name in the request as with
 * any provider. Here, at the bottom, so that the server that plays them and the scenarios
 * that pick them share one list; plain constants, like the vocabulary.
 */
export const MOCK_MODEL_NAME = 'mock-model-deterministic';

/** Where the built-in mock model speaks OpenAI's chat format: the server serves it there, the page's wire catalog points there. */
export const MOCK_OPENAI_BASE_PATH = '/mock/openai/v1';

export const MOCK_MODELS = [
  { name: MOCK_MODEL_NAME, habit: 'Calls the fitting tool with the right arguments, then answers in words.' },
  { name: 'mock-model-sloppy', habit: 'Writes a number as a word ("five") the first time; reads the validation error and tries again.' },
  { name: 'mock-model-inventive', habit: 'First calls a tool that does not exist; reads the error and calls the right one.' },
  { name: 'mock-model-broken-json', habit: 'First writes arguments that are not valid JSON; reads the error and writes them again.' },
  { name: 'mock-model-relentless', habit: 'Never stops calling tools, so only the host’s cap on tool rounds ends the loop.' },
  { name: 'mock-model-refusing', habit: 'Refuses to answer at once, with the provider’s refusal signal where its format has one.' },
  { name: 'mock-model-cut-off', habit: 'Calls the tool, then the token limit cuts its answer off halfway.' },
  { name: 'mock-model-filtered', habit: 'Calls the tool, then the provider’s content filter withholds its answer.' },
  {
    name: 'mock-model-interrupted',
    habit: 'Starts calling the tool, but its reply breaks off halfway: the connection closes before the provider says the reply is over.',
  },
  {
    name: 'mock-model-refusing-sampling',
    habit: 'Calls the tool, then refuses the server’s sampling request (no tools, one sentence) with the provider’s refusal signal.',
  },
  {
    name: 'mock-model-stalling-sampling',
    habit: 'Calls the tool, then never answers the server’s sampling request, so only the host’s sampling timeout ends the wait.',
  },
] as const;

export type MockModelName = (typeof MOCK_MODELS)[number]['name'];
