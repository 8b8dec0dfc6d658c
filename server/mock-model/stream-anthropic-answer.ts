import { cutIntoPieces, cutIntoWords, jsonFrame, type MockStream, type MockStreamFrame } from './mock-stream.ts';

/**
 * The mock's Anthropic answer streamed as Anthropic streams it: `message_start` with the
 * message and no content, then per block `content_block_start` (a tool_use with an empty
 * input), its deltas (`text_delta` pieces, or an empty `input_json_delta` followed by the
 * input's JSON in pieces), `content_block_stop`; a `ping` after the first block opens, as
 * recorded streams show; `message_delta` with the stop reason and the output tokens, then
 * `message_stop`. Every frame is named in its SSE `event:` line by its type.
 */

type Block = { type: string; text?: string; input?: unknown; [field: string]: unknown };

/** The part of a whole message the stream is cut from (the endpoint's own answer). */
export type AnthropicAnswer = {
  content: Block[];
  stop_reason: string | null;
  stop_sequence: string | null;
  usage: { output_tokens: number; [field: string]: unknown };
  [field: string]: unknown;
};

function streamBlock({ block, index, send }: { block: Block; index: number; send: (type: string, fields: Record<string, unknown>) => void }): void {
  if (block.type === 'tool_use') {
    send('content_block_start', { index, content_block: { ...block, input: {} } });
    if (index === 0) send('ping', {});
    send('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json: '' } });
    for (const piece of cutIntoPieces(JSON.stringify(block.input ?? {})))
      send('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json: piece } });
  } else if (block.type === 'text') {
    send('content_block_start', { index, content_block: { ...block, text: '' } });
    if (index === 0) send('ping', {});
    for (const piece of cutIntoWords(block.text ?? '')) send('content_block_delta', { index, delta: { type: 'text_delta', text: piece } });
  } else {
    send('content_block_start', { index, content_block: block });
  }
  send('content_block_stop', { index });
}

export function streamAnthropicAnswer({ answer }: { answer: AnthropicAnswer }): MockStream {
  const frames: MockStreamFrame[] = [];
  const send = (type: string, fields: Record<string, unknown>) => frames.push(jsonFrame({ type, ...fields }, type));
  const { content, stop_reason: stopReason, stop_sequence: stopSequence, usage } = answer;
  send('message_start', { message: { ...answer, content: [], stop_reason: null, stop_sequence: null, usage: { ...usage, output_tokens: 1 } } });
  content.forEach((block, index) => streamBlock({ block, index, send }));
  send('message_delta', { delta: { stop_reason: stopReason, stop_sequence: stopSequence }, usage: { output_tokens: usage.output_tokens } });
  send('message_stop', {});
  return { framing: 'sse', frames };
}
