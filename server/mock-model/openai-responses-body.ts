import type { McpOutputItem, McpToolEcho } from './openai-responses-mcp.ts';

/** The Responses API's output items and whole response, as the mock writes them (openai-responses-endpoint.ts). */

export type FunctionCallItem = { id: string; type: 'function_call'; status: 'completed'; arguments: string; call_id: string; name: string };
export type MessageItem = {
  id: string;
  type: 'message';
  status: 'completed' | 'incomplete';
  role: 'assistant';
  content: ({ type: 'output_text'; text: string; annotations: never[]; logprobs: never[] } | { type: 'refusal'; refusal: string })[];
};

/** A response as the mock sends it, typed so the fidelity test can hold it against the SDK's Response. */
export type MockResponsesBody = {
  id: string;
  object: 'response';
  created_at: number;
  status: 'completed' | 'incomplete';
  completed_at: number | null;
  error: null;
  incomplete_details: { reason: 'max_output_tokens' | 'content_filter' } | null;
  instructions: string | null;
  max_output_tokens: null;
  model: string;
  output: (FunctionCallItem | MessageItem | McpOutputItem)[];
  parallel_tool_calls: boolean;
  previous_response_id: null;
  reasoning: { effort: null; summary: null };
  temperature: number;
  text: { format: { type: 'text' } };
  tool_choice: 'none' | 'auto' | 'required' | { type: 'function'; name: string };
  tools: ({ type: 'function'; name: string; description: string | null; parameters: Record<string, unknown> | null; strict: boolean } | McpToolEcho)[];
  top_p: number;
  truncation: 'disabled';
  usage: {
    input_tokens: number;
    input_tokens_details: { cached_tokens: number; cache_write_tokens: number };
    output_tokens: number;
    output_tokens_details: { reasoning_tokens: number };
    total_tokens: number;
  };
  metadata: Record<string, string>;
};
