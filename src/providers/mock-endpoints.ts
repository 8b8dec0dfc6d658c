/**
 * Where the built-in mock model answers and the name it gives itself. Shared by the
 * server that serves it and the page that calls it; no other code, so the first page
 * can import it without loading the translators.
 */
export const MOCK_MODEL_NAME = 'mock-model-deterministic';
export const MOCK_OPENAI_BASE_PATH = '/mock/openai/v1';
