import { appendToConversation } from '../append-to-conversation.ts';
import { buildOpenAiJsonHeaders } from '../openai-key-headers.ts';
import { defineWireAdapter } from '../define-wire-adapter.ts';
import { convertOpenAiChatToolCall, formatOpenAiChatToolCall } from './convert-openai-chat-tool-call.ts';
import { convertToOpenAiChatToolMessages } from './convert-to-openai-chat-tool-messages.ts';
import { echoOpenAiChatAssistant, type OpenAiChatMessage } from './echo-openai-chat-assistant.ts';
import { prepareOpenAiChatTools, type OpenAiChatTool } from './prepare-openai-chat-tools.ts';
import { readOpenAiChatResponse, type OpenAiChatAssistantMessage } from './read-openai-chat-response.ts';
import { convertPromptMessages } from '../prompt-messages.ts';

export const openAiChatAdapter = defineWireAdapter<OpenAiChatMessage[], OpenAiChatTool[], OpenAiChatAssistantMessage>('openai-chat', {
  startConversation: ({ question }) => [{ role: 'user', content: question }],
  // Translation #5: a prompt's messages as this format's first turns.
  convertPromptMessages: ({ messages }) => convertPromptMessages({ messages, writeTurn: ({ role, text }) => ({ role, content: text }) }),
  prepareTools: prepareOpenAiChatTools,
  buildRequest: ({ model, apiKey, baseUrl, conversation, tools }) => ({
    path: '/chat/completions',
    headers: buildOpenAiJsonHeaders({ apiKey, baseUrl }),
    body: { model, messages: conversation, ...(tools.length > 0 ? { tools } : {}) },
  }),
  readResponse: readOpenAiChatResponse,
  convertToolCall: convertOpenAiChatToolCall,
  formatToolCall: formatOpenAiChatToolCall,
  convertToolResults: ({ results }) => convertToOpenAiChatToolMessages({ results }),
  appendToolResults: ({ conversation, reply, results }) => {
    const echo = echoOpenAiChatAssistant({ message: reply.assistantMessage });
    const translated = convertToOpenAiChatToolMessages({ results });
    return appendToConversation({ conversation, echoed: [echo.result], translated: { ...translated, warnings: [...echo.warnings, ...translated.warnings] } });
  },
});
