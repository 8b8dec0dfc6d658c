import { cutIntoPieces, cutIntoWords, jsonFrame, type MockStream, type MockStreamFrame } from './mock-stream.ts';

/**
 * The mock's Chat Completions answer streamed as OpenAI streams it: `chat.completion.chunk`
 * frames sharing the completion's id, a first chunk with the role, each tool call opened
 * by its index with `id`, `type`, `function.name` and empty `arguments`, then the arguments
 * in small pieces; parallel calls interleave piece by piece, each piece keyed by its index.
 * A legacy answer streams `delta.function_call` instead. Then the finish reason, the usage
 * chunk when `stream_options.include_usage` asked for it, and `data: [DONE]`.
 */

type StreamedToolCall = { id: string; type: string; function: { name: string; arguments: string } };

/** The part of a whole completion the stream is cut from (the endpoint's own answer). */
export type ChatCompletionAnswer = {
  id: string;
  object: string;
  created: number;
  model: string;
  system_fingerprint: string;
  choices: {
    index: number;
    message: {
      role: string;
      content: string | null;
      refusal: string | null;
      tool_calls?: StreamedToolCall[];
      function_call?: { name: string; arguments: string };
      annotations: unknown[];
    };
    logprobs: unknown;
    finish_reason: string;
  }[];
  usage: unknown;
};

/** Round-robin over the calls' pieces: one piece of each call in turn, until all are sent. */
function interleave(calls: StreamedToolCall[]): Record<string, unknown>[][] {
  const pieces = calls.map((call) => cutIntoPieces(call.function.arguments));
  const deltas: Record<string, unknown>[][] = calls.map((call, index) => [
    { index, id: call.id, type: call.type, function: { name: call.function.name, arguments: '' } },
  ]);
  const longest = Math.max(0, ...pieces.map((list) => list.length));
  const rounds: Record<string, unknown>[][] = [];
  for (let turn = 0; turn < longest; turn++) {
    pieces.forEach((list, index) => {
      const piece = list[turn];
      if (piece === undefined) return;
      // Each call's opener goes out just before its first piece, so the second call opens while the first is still arriving.
      if (turn === 0) rounds.push(deltas[index]!);
      rounds.push([{ index, function: { arguments: piece } }]);
    });
  }
  calls.forEach((_call, index) => {
    if ((pieces[index] ?? []).length === 0) rounds.push(deltas[index]!);
  });
  return rounds;
}

export function streamOpenAiChatAnswer({ answer, includeUsage }: { answer: ChatCompletionAnswer; includeUsage: boolean }): MockStream {
  const choice = answer.choices[0]!;
  const { message } = choice;
  const chunk = (delta: Record<string, unknown>, finishReason: string | null = null): MockStreamFrame =>
    jsonFrame({
      id: answer.id,
      object: 'chat.completion.chunk',
      created: answer.created,
      model: answer.model,
      system_fingerprint: answer.system_fingerprint,
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
    });
  const frames: MockStreamFrame[] = [];
  const opening = { role: 'assistant', content: message.content === null ? null : '', refusal: null };
  if (message.tool_calls && message.tool_calls.length > 0) {
    const [first, ...rest] = interleave(message.tool_calls);
    frames.push(chunk({ ...opening, tool_calls: first }));
    for (const toolCalls of rest) frames.push(chunk({ tool_calls: toolCalls }));
  } else if (message.function_call) {
    frames.push(chunk({ ...opening, function_call: { name: message.function_call.name, arguments: '' } }));
    for (const piece of cutIntoPieces(message.function_call.arguments)) frames.push(chunk({ function_call: { arguments: piece } }));
  } else {
    frames.push(chunk(opening));
  }
  if (message.content) for (const piece of cutIntoWords(message.content)) frames.push(chunk({ content: piece }));
  if (message.refusal) for (const piece of cutIntoWords(message.refusal)) frames.push(chunk({ refusal: piece }));
  frames.push(chunk({}, choice.finish_reason));
  if (includeUsage)
    frames.push(
      jsonFrame({
        id: answer.id,
        object: 'chat.completion.chunk',
        created: answer.created,
        model: answer.model,
        system_fingerprint: answer.system_fingerprint,
        choices: [],
        usage: answer.usage,
      }),
    );
  frames.push({ data: '[DONE]' });
  return { framing: 'sse', frames };
}
