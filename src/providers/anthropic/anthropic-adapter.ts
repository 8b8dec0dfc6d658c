import { appendToConversation } from '../append-to-conversation.ts';
import { defineWireAdapter } from '../define-wire-adapter.ts';
import { ANTHROPIC_API_VERSION } from '../../trace/index.ts';
import { convertAnthropicToolCall, formatAnthropicToolCall } from './convert-anthropic-tool-call.ts';
import { convertToAnthropicToolResults, type AnthropicToolResultMessage } from './convert-to-anthropic-tool-results.ts';
import { prepareAnthropicTools, type AnthropicTool } from './prepare-anthropic-tools.ts';
import { readAnthropicResponse, type AnthropicAssistantMessage } from './read-anthropic-response.ts';
import { convertPromptMessages } from '../prompt-messages.ts';

export type AnthropicUserTextMessage = { role: 'user'; content: string };
/** A turn of a prompt (translation #5): Anthropic takes a plain string as the content of either role. */
export type AnthropicPromptTextMessage = { role: 'user' | 'assistant'; content: string };
export type AnthropicConversationMessage = AnthropicUserTextMessage | AnthropicPromptTextMessage | AnthropicAssistantMessage | AnthropicToolResultMessage;

/** Anthropic requires a cap on the answer's length; one short sentence needs far less. */
export const ANTHROPIC_MAX_TOKENS = 1024;

export const anthropicAdapter = defineWireAdapter<AnthropicConversationMessage[], AnthropicTool[], AnthropicAssistantMessage>('anthropic', {
  startConversation: ({ question }) => [{ role: 'user', content: question }],
  // Translation #5: a prompt's messages as this format's first turns.
  convertPromptMessages: ({ messages }) => convertPromptMessages({ messages, writeTurn: ({ role, text }) => ({ role, content: text }) }),
  prepareTools: prepareAnthropicTools,
  buildRequest: ({ model, apiKey, conversation, tools }) => ({
    path: '/messages',
    headers: {
      'content-type': 'application/json',
      'anthropic-version': ANTHROPIC_API_VERSION,
      // The page calls Anthropic from the browser; without this header Anthropic refuses CORS.
      'anthropic-dangerous-direct-browser-access': 'true',
      ...(apiKey ? { 'x-api-key': apiKey } : {}),
    },
    body: { model, max_tokens: ANTHROPIC_MAX_TOKENS, messages: conversation, ...(tools.length > 0 ? { tools } : {}) },
  }),
  readResponse: readAnthropicResponse,
  convertToolCall: convertAnthropicToolCall,
  formatToolCall: formatAnthropicToolCall,
  convertToolResults: ({ results }) => convertToAnthropicToolResults({ results }),
  // The assistant turn goes back unchanged: each tool_result must answer a tool_use of the message just before it.
  appendToolResults: ({ conversation, reply, results }) =>
    appendToConversation({ conversation, echoed: [reply.assistantMessage], translated: convertToAnthropicToolResults({ results }) }),
});
