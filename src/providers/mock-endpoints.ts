/**
 * Where the built-in mock model answers and the names it goes by. Shared by the server
 * that serves it and the page that calls it; no other code, so the first page can
 * import it without loading the translators.
 */
export const MOCK_MODEL_NAME = 'mock-model-deterministic';
export const MOCK_OPENAI_BASE_PATH = '/mock/openai/v1';

/**
 * The mock's variants: the same deterministic rules, each with one habit a real model
 * can have, chosen by the model name in the request as with any provider.
 */
export const MOCK_MODELS = [
  { name: MOCK_MODEL_NAME, habit: 'Calls the fitting tool with the right arguments, then answers in words.' },
  { name: 'mock-model-sloppy', habit: 'Writes a number as a word ("five") the first time; reads the validation error and tries again.' },
  { name: 'mock-model-inventive', habit: 'First calls a tool that does not exist; reads the error and calls the right one.' },
  { name: 'mock-model-broken-json', habit: 'First writes arguments that are not valid JSON; reads the error and writes them again.' },
  { name: 'mock-model-relentless', habit: 'Never stops calling tools, so only the host’s cap on tool rounds ends the loop.' },
] as const;

export type MockModelName = (typeof MOCK_MODELS)[number]['name'];
