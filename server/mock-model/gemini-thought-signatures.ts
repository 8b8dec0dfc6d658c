import { MockRequestFault } from './serve-mock-endpoint.ts';
import { stableId } from './stable-id.ts';

/**
 * Thought signatures as current Gemini models (2.5 with thinking, 3) use them: the model's
 * first functionCall part in a turn carries an opaque `thoughtSignature`, the call has no
 * `id`, and the host must send the model turn back with the signature where it was, or the
 * next request is refused (Gemini 3 makes this a 400 for the turn in progress).
 */

/** An opaque, stable signature for a turn's calls: base64, as Gemini's are. */
export function writeThoughtSignature({ turn, calls }: { turn: number; calls: { name: string; arguments: unknown }[] }): string {
  const seed = `${turn}:${calls.map((call) => `${call.name}:${JSON.stringify(call.arguments)}`).join('|')}`;
  return btoa(`mock-thought-signature:${stableId(seed)}:${stableId(`${seed}:2`)}`);
}

type Part = { functionCall?: { name: string } | undefined; thoughtSignature?: unknown };

/**
 * Refuses a request whose current turn (after the last question) echoes a model turn with
 * function calls but without the signature on its first call, in Gemini's words.
 */
export function checkThoughtSignatures({ turns }: { turns: { role?: string | undefined; parts: Part[] }[] }): void {
  turns.forEach((turn, turnIndex) => {
    if (turn.role !== 'model') return;
    const position = turn.parts.findIndex((part) => part.functionCall !== undefined);
    if (position < 0) return;
    const signature = turn.parts[position]!.thoughtSignature;
    if (typeof signature === 'string' && signature.length > 0) return;
    throw new MockRequestFault(
      `Function call is missing a thought_signature in functionCall parts. This is required for tools to work correctly. Additional data, function call \`${turn.parts[position]!.functionCall!.name}\`, position ${turnIndex + 1}: send the model turn back exactly as it came, thoughtSignature included (see https://ai.google.dev/gemini-api/docs/thought-signatures).`,
    );
  });
}
