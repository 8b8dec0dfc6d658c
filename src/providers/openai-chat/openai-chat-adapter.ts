import { MOCK_OPENAI_BASE_PATH } from '../mock-endpoints.ts';
import type { WireAdapter } from '../types.ts';
import { convertOpenAiChatToolCall, formatOpenAiChatToolCall } from './convert-openai-chat-tool-call.ts';
import { convertToOpenAiChatToolMessages } from './convert-to-openai-chat-tool-messages.ts';
import { prepareOpenAiChatTools, type OpenAiChatTool } from './prepare-openai-chat-tools.ts';
import { readOpenAiChatResponse } from './read-openai-chat-response.ts';

type OpenAiChatMessage = Record<string, unknown> & { role: string };

export const openAiChatAdapter: WireAdapter<OpenAiChatMessage[], OpenAiChatTool[]> = {
  id: 'openai-chat',
  label: 'OpenAI Chat Completions',
  mockBasePath: MOCK_OPENAI_BASE_PATH,
  defaultBaseUrl: 'https://api.openai.com/v1',
  defaultModel: 'gpt-4o-mini',
  supportsStrict: true,
  startConversation: ({ question }) => [{ role: 'user', content: question }],
  prepareTools: prepareOpenAiChatTools,
  buildRequest: ({ model, apiKey, conversation, tools }) => ({
    path: '/chat/completions',
    headers: { 'content-type': 'application/json', ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}) },
    body: { model, messages: conversation, ...(tools.length > 0 ? { tools } : {}) },
  }),
  readResponse: readOpenAiChatResponse,
  convertToolCall: convertOpenAiChatToolCall,
  formatToolCall: formatOpenAiChatToolCall,
  appendToolResults: ({ conversation, reply, results }) => {
    const translated = convertToOpenAiChatToolMessages({ results });
    const assistant = reply.assistantMessage as OpenAiChatMessage;
    return {
      result: { conversation: [...conversation, assistant, ...translated.result], messages: translated.result },
      warnings: translated.warnings,
      changes: translated.changes,
    };
  },
};
