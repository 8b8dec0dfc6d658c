import { MOCK_OPENAI_BASE_PATH } from '../../src/providers/mock-endpoints.ts';
import { handleOpenAiChatCompletions, handleOpenAiModels } from './openai-chat-endpoint.ts';
// Mock endpoint imports: one line per wire format, below this line.
import { handleOpenAiResponses } from './openai-responses-endpoint.ts';
import { OLLAMA_MOCK_PATH, handleOllamaChat } from './ollama-endpoint.ts';
import { GEMINI_MOCK_PATH, handleGeminiGenerateContent } from './gemini-endpoint.ts';
import { handleAnthropicMessages } from './anthropic-endpoint.ts';

/**
 * Where the mock model answers, one entry per provider path. Each handler speaks that
 * provider's wire format exactly (request fields, response shape, error shape), so the
 * host calls the mock as it would call the real provider: only the base URL differs.
 */
export type MockRoute = {
  /** The wire format ids this route serves. */
  wires: string[];
  /** A path, or a pattern for paths that carry a parameter (Gemini's model name). */
  path: string | RegExp;
  handle: (request: Request) => Promise<Response> | Response;
};

export const MOCK_ROUTES: MockRoute[] = [
  { wires: ['openai-chat'], path: `${MOCK_OPENAI_BASE_PATH}/chat/completions`, handle: handleOpenAiChatCompletions },
  { wires: ['openai-chat'], path: `${MOCK_OPENAI_BASE_PATH}/models`, handle: handleOpenAiModels },
  { wires: ['openai-chat'], path: '/mock/openai-chat/v1/chat/completions', handle: handleOpenAiChatCompletions },
  // Mock routes: one entry per provider path, below this line.
  { wires: ['openai-functions'], path: '/mock/openai-functions/v1/chat/completions', handle: handleOpenAiChatCompletions },
  { wires: ['openai-responses'], path: '/mock/openai-responses/v1/responses', handle: handleOpenAiResponses },
  { wires: ['ollama'], path: OLLAMA_MOCK_PATH, handle: handleOllamaChat },
  { wires: ['gemini'], path: GEMINI_MOCK_PATH, handle: handleGeminiGenerateContent },
  { wires: ['anthropic'], path: '/mock/anthropic/v1/messages', handle: handleAnthropicMessages },
];

export function findMockRoute(pathname: string): MockRoute | undefined {
  return MOCK_ROUTES.find((route) => (typeof route.path === 'string' ? route.path === pathname : route.path.test(pathname)));
}
