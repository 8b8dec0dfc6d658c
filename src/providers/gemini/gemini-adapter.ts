import { appendToConversation } from '../append-to-conversation.ts';
import { defineWireAdapter } from '../define-wire-adapter.ts';
import { convertGeminiToolCall, formatGeminiToolCall } from './convert-gemini-tool-call.ts';
import { convertToGeminiFunctionResponses } from './convert-to-gemini-function-responses.ts';
import type { GeminiContent, GeminiModelTurn } from './gemini-content.ts';
import { prepareGeminiTools, type GeminiTool } from './prepare-gemini-tools.ts';
import { readGeminiResponse } from './read-gemini-response.ts';
import { convertPromptMessages } from '../prompt-messages.ts';

/** Gemini names models "models/gemini-…" in its lists; the path wants the bare id. */
function readModelId(model: string): string {
  return model.replace(/^models\//, '');
}

export const geminiAdapter = defineWireAdapter<(GeminiContent | GeminiModelTurn)[], GeminiTool[], GeminiModelTurn>('gemini', {
  startConversation: ({ question }) => [{ role: 'user', parts: [{ text: question }] }],
  // Translation #5: a prompt's messages as this format's first turns.
  convertPromptMessages: ({ messages }) =>
    convertPromptMessages({ messages, writeTurn: ({ role, text }) => ({ role: role === 'assistant' ? 'model' : 'user', parts: [{ text }] }) }),
  prepareTools: prepareGeminiTools,
  buildRequest: ({ model, apiKey, conversation, tools }) => ({
    // The model is part of the path, not the body.
    path: `/models/${encodeURIComponent(readModelId(model))}:generateContent`,
    headers: { 'content-type': 'application/json', ...(apiKey ? { 'x-goog-api-key': apiKey } : {}) },
    body: { contents: conversation, ...(tools.length > 0 ? { tools } : {}) },
  }),
  readResponse: readGeminiResponse,
  convertToolCall: convertGeminiToolCall,
  formatToolCall: formatGeminiToolCall,
  convertToolResults: ({ results }) => convertToGeminiFunctionResponses({ results }),
  // The model turn goes back exactly as it came, thought signatures included.
  appendToolResults: ({ conversation, reply, results }) =>
    appendToConversation({ conversation, echoed: [reply.assistantMessage], translated: convertToGeminiFunctionResponses({ results }) }),
});
