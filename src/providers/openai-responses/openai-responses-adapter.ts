import { appendToConversation } from '../append-to-conversation.ts';
import { buildOpenAiJsonHeaders } from '../openai-key-headers.ts';
import { defineWireAdapter } from '../define-wire-adapter.ts';
import { convertOpenAiResponsesToolCall, formatOpenAiResponsesToolCall } from './convert-openai-responses-tool-call.ts';
import { convertToOpenAiResponsesToolOutputs, type OpenAiResponsesFunctionCallOutput } from './convert-to-openai-responses-tool-outputs.ts';
import { prepareOpenAiResponsesTools, type OpenAiResponsesTool } from './prepare-openai-responses-tools.ts';
import { readOpenAiResponsesResponse, type OpenAiResponsesOutputItem } from './read-openai-responses-response.ts';
import { convertPromptMessages } from '../prompt-messages.ts';

/** The conversation as `input` items: the question, the model's output items echoed, the function outputs. */
export type OpenAiResponsesInputItem = { role: 'user' | 'assistant'; content: string } | OpenAiResponsesOutputItem | OpenAiResponsesFunctionCallOutput;

export type OpenAiResponsesRequestBody = { model: string; input: OpenAiResponsesInputItem[]; tools?: OpenAiResponsesTool[] };

/** The request body: the whole conversation in `input` each time, so no response needs to be stored. */
export function buildOpenAiResponsesBody({
  model,
  input,
  tools,
}: {
  model: string;
  input: OpenAiResponsesInputItem[];
  tools: OpenAiResponsesTool[];
}): OpenAiResponsesRequestBody {
  return { model, input, ...(tools.length > 0 ? { tools } : {}) };
}

export const openAiResponsesAdapter = defineWireAdapter<OpenAiResponsesInputItem[], OpenAiResponsesTool[], OpenAiResponsesOutputItem[]>('openai-responses', {
  startConversation: ({ question }) => [{ role: 'user', content: question }],
  // Translation #5: a prompt's messages as this format's first turns.
  convertPromptMessages: ({ messages }) => convertPromptMessages({ messages, writeTurn: ({ role, text }) => ({ role, content: text }) }),
  prepareTools: prepareOpenAiResponsesTools,
  buildRequest: ({ model, apiKey, baseUrl, conversation, tools }) => ({
    path: '/responses',
    headers: buildOpenAiJsonHeaders({ apiKey, baseUrl }),
    body: buildOpenAiResponsesBody({ model, input: conversation, tools }),
  }),
  readResponse: readOpenAiResponsesResponse,
  convertToolCall: convertOpenAiResponsesToolCall,
  formatToolCall: formatOpenAiResponsesToolCall,
  convertToolResults: ({ results }) => convertToOpenAiResponsesToolOutputs({ results }),
  appendToolResults: ({ conversation, reply, results }) =>
    appendToConversation({ conversation, echoed: reply.assistantMessage, translated: convertToOpenAiResponsesToolOutputs({ results }) }),
});
