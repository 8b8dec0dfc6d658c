import { requireWireInfo } from '../wire-catalog.ts';
import type { WireAdapter } from '../types.ts';
import { convertOllamaToolCall, formatOllamaToolCall } from './convert-ollama-tool-call.ts';
import { convertToOllamaToolMessages } from './convert-to-ollama-tool-messages.ts';
import { prepareOllamaTools, type OllamaTool } from './prepare-ollama-tools.ts';
import { readOllamaResponse } from './read-ollama-response.ts';


type OllamaMessage = Record<string, unknown> & { role: string };

export const ollamaAdapter: WireAdapter<OllamaMessage[], OllamaTool[]> = {
  ...requireWireInfo('ollama'),
  startConversation: ({ question }) => [{ role: 'user', content: question }],
  prepareTools: prepareOllamaTools,
  buildRequest: ({ model, apiKey, conversation, tools }) => ({
    path: '/api/chat',
    // A local Ollama needs no key; ollama.com reads one as a bearer token.
    headers: { 'content-type': 'application/json', ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}) },
    // Ollama streams by default: the host reads one whole JSON reply, so it asks for that.
    body: { model, messages: conversation, ...(tools.length > 0 ? { tools } : {}), stream: false },
  }),
  readResponse: readOllamaResponse,
  convertToolCall: convertOllamaToolCall,
  formatToolCall: formatOllamaToolCall,
  convertToolResults: ({ results }) => convertToOllamaToolMessages({ results }),
  appendToolResults: ({ conversation, reply, results }) => {
    const translated = convertToOllamaToolMessages({ results });
    const assistant = reply.assistantMessage as OllamaMessage;
    return {
      result: { conversation: [...conversation, assistant, ...translated.result], messages: translated.result },
      warnings: translated.warnings,
      changes: translated.changes,
    };
  },
};
