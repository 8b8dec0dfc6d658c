import { MOCK_OPENAI_BASE_PATH } from '../../src/trace/index.ts';
import { anthropicEndpoint } from './anthropic-endpoint.ts';
import { GEMINI_MOCK_PATH, geminiEndpoint } from './gemini-endpoint.ts';
import { OLLAMA_MOCK_PATH, ollamaEndpoint } from './ollama-endpoint.ts';
import { openAiChatEndpoint, openAiModelsEndpoint } from './openai-chat-endpoint.ts';
import { openAiResponsesEndpoint } from './openai-responses-endpoint.ts';
import type { MockEndpoint } from './serve-mock-endpoint.ts';

/**
 * Where the mock model answers, one entry per provider path. Each endpoint speaks that
 * provider's wire format exactly (request fields, response shape, error shape), so the
 * host calls the mock as it would call the real provider: only the base URL differs.
 */
export type MockRoute = {
  /** The wire format ids this route serves. */
  wires: string[];
  /** A path, or a pattern for paths that carry a parameter (Gemini's model name). */
  path: string | RegExp;
  endpoint: MockEndpoint;
};

export const MOCK_ROUTES: MockRoute[] = [
  { wires: ['openai-chat'], path: `${MOCK_OPENAI_BASE_PATH}/chat/completions`, endpoint: openAiChatEndpoint },
  { wires: ['openai-chat'], path: `${MOCK_OPENAI_BASE_PATH}/models`, endpoint: openAiModelsEndpoint },
  { wires: ['openai-chat'], path: '/mock/openai-chat/v1/chat/completions', endpoint: openAiChatEndpoint },
  { wires: ['openai-functions'], path: '/mock/openai-functions/v1/chat/completions', endpoint: openAiChatEndpoint },
  { wires: ['openai-responses'], path: '/mock/openai-responses/v1/responses', endpoint: openAiResponsesEndpoint },
  { wires: ['ollama'], path: OLLAMA_MOCK_PATH, endpoint: ollamaEndpoint },
  { wires: ['gemini'], path: GEMINI_MOCK_PATH, endpoint: geminiEndpoint },
  { wires: ['anthropic'], path: '/mock/anthropic/v1/messages', endpoint: anthropicEndpoint },
];

export function findMockRoute(pathname: string): MockRoute | undefined {
  return MOCK_ROUTES.find((route) => (typeof route.path === 'string' ? route.path === pathname : route.path.test(pathname)));
}
