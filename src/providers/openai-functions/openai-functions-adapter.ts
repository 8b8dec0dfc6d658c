import { appendToConversation } from '../append-to-conversation.ts';
import { buildOpenAiJsonHeaders } from '../openai-key-headers.ts';
import { defineWireAdapter } from '../define-wire-adapter.ts';
import { convertOpenAiFunctionsToolCall, formatOpenAiFunctionsToolCall } from './convert-openai-functions-tool-call.ts';
import { convertToOpenAiFunctionsToolMessages, type OpenAiFunctionMessage } from './convert-to-openai-functions-tool-messages.ts';
import { prepareOpenAiFunctionsTools, type OpenAiFunction } from './prepare-openai-functions-tools.ts';
import { readOpenAiFunctionsResponse, type OpenAiFunctionsAssistantMessage } from './read-openai-functions-response.ts';
import { convertPromptMessages } from '../prompt-messages.ts';

export type OpenAiFunctionsMessage = { role: 'user'; content: string } | OpenAiFunctionsAssistantMessage | OpenAiFunctionMessage;

export type OpenAiFunctionsRequestBody = { model: string; messages: OpenAiFunctionsMessage[]; functions?: OpenAiFunction[] };

/** The request body of a legacy call: the same endpoint as Chat Completions, with `functions` instead of `tools`. */
export function buildOpenAiFunctionsBody({
  model,
  messages,
  functions,
}: {
  model: string;
  messages: OpenAiFunctionsMessage[];
  functions: OpenAiFunction[];
}): OpenAiFunctionsRequestBody {
  // An empty `functions` array is refused by OpenAI, so no tools means no field.
  return { model, messages, ...(functions.length > 0 ? { functions } : {}) };
}

export const openAiFunctionsAdapter = defineWireAdapter<OpenAiFunctionsMessage[], OpenAiFunction[], OpenAiFunctionsAssistantMessage>('openai-functions', {
  startConversation: ({ question }) => [{ role: 'user', content: question }],
  // Translation #5: a prompt's messages as this format's first turns.
  convertPromptMessages: ({ messages }) => convertPromptMessages({ messages, writeTurn: ({ role, text }) => ({ role, content: text }) }),
  prepareTools: prepareOpenAiFunctionsTools,
  buildRequest: ({ model, apiKey, baseUrl, conversation, tools }) => ({
    path: '/chat/completions',
    headers: buildOpenAiJsonHeaders({ apiKey, baseUrl }),
    body: buildOpenAiFunctionsBody({ model, messages: conversation, functions: tools }),
  }),
  readResponse: readOpenAiFunctionsResponse,
  convertToolCall: convertOpenAiFunctionsToolCall,
  formatToolCall: formatOpenAiFunctionsToolCall,
  convertToolResults: ({ results }) => convertToOpenAiFunctionsToolMessages({ results }),
  appendToolResults: ({ conversation, reply, results }) =>
    appendToConversation({ conversation, echoed: [reply.assistantMessage], translated: convertToOpenAiFunctionsToolMessages({ results }) }),
});
