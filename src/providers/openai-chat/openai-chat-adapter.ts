import { appendToConversation } from '../append-to-conversation.ts';
import { buildBearerJsonHeaders } from '../bearer-json-headers.ts';
import { defineWireAdapter } from '../define-wire-adapter.ts';
import { convertOpenAiChatToolCall, formatOpenAiChatToolCall } from './convert-openai-chat-tool-call.ts';
import { convertToOpenAiChatToolMessages } from './convert-to-openai-chat-tool-messages.ts';
import { prepareOpenAiChatTools, type OpenAiChatTool } from './prepare-openai-chat-tools.ts';
import { readOpenAiChatResponse, type OpenAiChatAssistantMessage } from './read-openai-chat-response.ts';
import { convertPromptMessages } from '../prompt-messages.ts';

type OpenAiChatMessage = Record<string, unknown> & { role: string };

export const openAiChatAdapter = defineWireAdapter<OpenAiChatMessage[], OpenAiChatTool[], OpenAiChatAssistantMessage>('openai-chat', {
  startConversation: ({ question }) => [{ role: 'user', content: question }],
  // Translation #5: a prompt's messages as this format's first turns.
  convertPromptMessages: ({ messages }) => convertPromptMessages({ messages, writeTurn: ({ role, text }) => ({ role, content: text }) }),
  prepareTools: prepareOpenAiChatTools,
  buildRequest: ({ model, apiKey, conversation, tools }) => ({
    path: '/chat/completions',
    headers: buildBearerJsonHeaders({ apiKey }),
    body: { model, messages: conversation, ...(tools.length > 0 ? { tools } : {}) },
  }),
  readResponse: readOpenAiChatResponse,
  convertToolCall: convertOpenAiChatToolCall,
  formatToolCall: formatOpenAiChatToolCall,
  convertToolResults: ({ results }) => convertToOpenAiChatToolMessages({ results }),
  appendToolResults: ({ conversation, reply, results }) => {
    // Only the fields an assistant message param has go back (the reply also carries refusal, annotations…).
    const { content = null, tool_calls: toolCalls } = reply.assistantMessage;
    const assistant: OpenAiChatMessage = { role: 'assistant', content, ...(toolCalls ? { tool_calls: toolCalls } : {}) };
    return appendToConversation({ conversation, echoed: [assistant], translated: convertToOpenAiChatToolMessages({ results }) });
  },
});
