/**
 * Where the built-in mock model answers and the name it goes by by default. Shared by
 * the server that serves it and the page that calls it; no other code, so the first page
 * can import it without loading the translators. The variants are named in src/trace.
 */
export { MOCK_MODEL_NAME } from '../trace/mock-models.ts';
export const MOCK_OPENAI_BASE_PATH = '/mock/openai/v1';
