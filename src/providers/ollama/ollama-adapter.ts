import { appendToConversation } from '../append-to-conversation.ts';
import { buildBearerJsonHeaders } from '../bearer-json-headers.ts';
import { defineWireAdapter } from '../define-wire-adapter.ts';
import { convertOllamaToolCall, formatOllamaToolCall } from './convert-ollama-tool-call.ts';
import { convertToOllamaToolMessages } from './convert-to-ollama-tool-messages.ts';
import { prepareOllamaTools, type OllamaTool } from './prepare-ollama-tools.ts';
import { readOllamaResponse, type OllamaAssistantMessage } from './read-ollama-response.ts';
import { convertPromptMessages } from '../prompt-messages.ts';

type OllamaMessage = Record<string, unknown> & { role: string };

export const ollamaAdapter = defineWireAdapter<OllamaMessage[], OllamaTool[], OllamaAssistantMessage>('ollama', {
  startConversation: ({ question }) => [{ role: 'user', content: question }],
  // Translation #5: a prompt's messages as this format's first turns.
  convertPromptMessages: ({ messages }) => convertPromptMessages({ messages, writeTurn: ({ role, text }) => ({ role, content: text }) }),
  prepareTools: prepareOllamaTools,
  buildRequest: ({ model, apiKey, conversation, tools }) => ({
    path: '/api/chat',
    // A local Ollama needs no key; ollama.com reads one as a bearer token.
    headers: buildBearerJsonHeaders({ apiKey }),
    // Ollama streams by default: the host reads one whole JSON reply, so it asks for that.
    body: { model, messages: conversation, ...(tools.length > 0 ? { tools } : {}), stream: false },
  }),
  readResponse: readOllamaResponse,
  convertToolCall: convertOllamaToolCall,
  formatToolCall: formatOllamaToolCall,
  convertToolResults: ({ results }) => convertToOllamaToolMessages({ results }),
  appendToolResults: ({ conversation, reply, results }) =>
    appendToConversation({ conversation, echoed: [reply.assistantMessage], translated: convertToOllamaToolMessages({ results }) }),
});
