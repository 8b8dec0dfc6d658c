import { MOCK_OPENAI_BASE_PATH } from '../trace/index.ts';

/**
 * What the page needs to know about each wire format before any translator is loaded:
 * names, where the mock speaks it, the real provider's defaults, how its key is sent.
 * Plain data, no validation library, so the first page can show the settings.
 */
export type WireInfo = {
  id: string;
  label: string;
  /** The path under the app's origin where the mock model speaks this format. */
  mockBasePath: string;
  defaultBaseUrl: string;
  defaultModel: string;
  supportsStrict: boolean;
  /** The environment variable the CLI reads the key from; null when the provider needs none. */
  keyVariable: string | null;
  /** What a learner should know about calling this provider from a web page. */
  browserNote: string;
};

export const WIRE_CATALOG: WireInfo[] = [
  {
    id: 'openai-chat',
    label: 'OpenAI Chat Completions',
    mockBasePath: MOCK_OPENAI_BASE_PATH,
    defaultBaseUrl: 'https://api.openai.com/v1',
    defaultModel: 'gpt-4o-mini',
    supportsStrict: true,
    keyVariable: 'OPENAI_API_KEY',
    browserNote: 'OpenAI answers calls from web pages. OpenAI-compatible services (OpenRouter, Groq, a local server) use this format with their own base URL.',
  },
  {
    id: 'openai-functions',
    label: 'OpenAI legacy functions',
    mockBasePath: '/mock/openai-functions/v1',
    defaultBaseUrl: 'https://api.openai.com/v1',
    defaultModel: 'gpt-4o-mini',
    // The SDK's ChatCompletionCreateParams.Function has no `strict` field: only `tools` has strict mode.
    supportsStrict: false,
    keyVariable: 'OPENAI_API_KEY',
    browserNote: 'The older functions / function_call fields of Chat Completions: one call per turn, no call id.',
  },
  {
    id: 'openai-responses',
    label: 'OpenAI Responses',
    mockBasePath: '/mock/openai-responses/v1',
    defaultBaseUrl: 'https://api.openai.com/v1',
    defaultModel: 'gpt-4o-mini',
    supportsStrict: true,
    keyVariable: 'OPENAI_API_KEY',
    browserNote: 'OpenAI answers calls from web pages.',
  },
  {
    id: 'anthropic',
    label: 'Anthropic Messages',
    mockBasePath: '/mock/anthropic/v1',
    defaultBaseUrl: 'https://api.anthropic.com/v1',
    defaultModel: 'claude-haiku-4-5',
    supportsStrict: false,
    keyVariable: 'ANTHROPIC_API_KEY',
    browserNote: 'Anthropic answers web pages only when asked with the anthropic-dangerous-direct-browser-access header, which the host sends.',
  },
  {
    id: 'gemini',
    label: 'Google Gemini',
    mockBasePath: '/mock/gemini/v1beta',
    defaultBaseUrl: 'https://generativelanguage.googleapis.com/v1beta',
    defaultModel: 'gemini-2.5-flash',
    supportsStrict: false,
    keyVariable: 'GEMINI_API_KEY',
    browserNote: 'Gemini answers calls from web pages; the key travels in the x-goog-api-key header, never in the URL.',
  },
  {
    id: 'ollama',
    label: 'Ollama',
    mockBasePath: '/mock/ollama',
    defaultBaseUrl: 'http://localhost:11434',
    defaultModel: 'llama3.2',
    supportsStrict: false,
    keyVariable: null,
    browserNote: 'A local Ollama answers pages on localhost; pages elsewhere need OLLAMA_ORIGINS set on the Ollama side.',
  },
];

export function findWireInfo(id: string): WireInfo | undefined {
  return WIRE_CATALOG.find((wire) => wire.id === id);
}

/** For the adapters, whose metadata comes from this catalog: a missing entry is a bug in the code. */
export function requireWireInfo(id: string): WireInfo {
  const info = findWireInfo(id);
  if (!info) throw new Error(`The wire catalog has no entry for "${id}".`);
  return info;
}
