import { cutIntoPieces, cutIntoWords, jsonFrame, type MockStream, type MockStreamFrame } from './mock-stream.ts';

/**
 * The mock's Responses answer streamed as OpenAI streams it: typed events, each named in
 * its SSE `event:` line and numbered by `sequence_number`. `response.created` and
 * `response.in_progress` carry the response with no output yet; each output item is
 * added, filled (a function call's arguments in `function_call_arguments.delta` pieces
 * restated by `.done`; a message's text in `output_text.delta` pieces inside its content
 * part) and done; `response.completed` (or `.incomplete`, `.failed`) carries it whole.
 * Provider-side MCP items have events of their own between added and done: a listing's
 * `response.mcp_list_tools.in_progress` and `.completed`, a call's `response.mcp_call.in_progress`,
 * its arguments in `response.mcp_call_arguments.delta` pieces restated by `.done`, and
 * `response.mcp_call.completed` (or `.failed`).
 */

type Item = { type: string; id?: string; [field: string]: unknown };
type Part = { type: string; text?: string; refusal?: string; [field: string]: unknown };

/** The part of a whole response the stream is cut from (the endpoint's own answer). */
export type ResponsesAnswer = { status: string; output: Item[]; [field: string]: unknown };

const ENDINGS: Record<string, string> = { completed: 'response.completed', incomplete: 'response.incomplete', failed: 'response.failed' };

function readParts(item: Item): Part[] {
  const content = item.content;
  if (!Array.isArray(content)) return [];
  return content.flatMap((part: unknown) =>
    part && typeof part === 'object' && 'type' in part && typeof part.type === 'string' ? [{ ...part, type: part.type }] : [],
  );
}

export function streamOpenAiResponsesAnswer({ answer }: { answer: ResponsesAnswer }): MockStream {
  const frames: MockStreamFrame[] = [];
  const send = (type: string, fields: Record<string, unknown>) => frames.push(jsonFrame({ type, ...fields, sequence_number: frames.length }, type));
  const pending = { ...answer, status: 'in_progress', output: [], usage: null, ...('completed_at' in answer ? { completed_at: null } : {}) };
  send('response.created', { response: pending });
  send('response.in_progress', { response: pending });
  answer.output.forEach((item, outputIndex) => {
    const itemId = item.id;
    if (item.type === 'function_call' && typeof item.arguments === 'string') {
      send('response.output_item.added', { output_index: outputIndex, item: { ...item, status: 'in_progress', arguments: '' } });
      for (const delta of cutIntoPieces(item.arguments)) send('response.function_call_arguments.delta', { item_id: itemId, output_index: outputIndex, delta });
      send('response.function_call_arguments.done', { item_id: itemId, output_index: outputIndex, arguments: item.arguments });
    } else if (item.type === 'message') {
      send('response.output_item.added', { output_index: outputIndex, item: { ...item, status: 'in_progress', content: [] } });
      readParts(item).forEach((part, contentIndex) => {
        const where = { item_id: itemId, output_index: outputIndex, content_index: contentIndex };
        const field = part.type === 'refusal' ? 'refusal' : 'text';
        const whole = (field === 'refusal' ? part.refusal : part.text) ?? '';
        send('response.content_part.added', { ...where, part: { ...part, [field]: '' } });
        const kind = part.type === 'refusal' ? 'response.refusal' : 'response.output_text';
        for (const delta of cutIntoWords(whole)) send(`${kind}.delta`, { ...where, delta, ...(field === 'text' ? { logprobs: [] } : {}) });
        send(`${kind}.done`, { ...where, [field]: whole, ...(field === 'text' ? { logprobs: [] } : {}) });
        send('response.content_part.done', { ...where, part });
      });
    } else if (item.type === 'mcp_list_tools') {
      const where = { item_id: itemId, output_index: outputIndex };
      send('response.output_item.added', { output_index: outputIndex, item: { ...item, tools: [] } });
      send('response.mcp_list_tools.in_progress', where);
      send('response.mcp_list_tools.completed', where);
    } else if (item.type === 'mcp_call' && typeof item.arguments === 'string') {
      const where = { item_id: itemId, output_index: outputIndex };
      send('response.output_item.added', { output_index: outputIndex, item: { ...item, arguments: '', output: null, error: null, status: 'in_progress' } });
      send('response.mcp_call.in_progress', where);
      for (const delta of cutIntoPieces(item.arguments)) send('response.mcp_call_arguments.delta', { ...where, delta });
      send('response.mcp_call_arguments.done', { ...where, arguments: item.arguments });
      send(item.status === 'failed' ? 'response.mcp_call.failed' : 'response.mcp_call.completed', where);
    } else {
      send('response.output_item.added', { output_index: outputIndex, item });
    }
    send('response.output_item.done', { output_index: outputIndex, item });
  });
  send(ENDINGS[answer.status] ?? 'response.completed', { response: answer });
  return { framing: 'sse', frames };
}
