import { isPlainObject } from '../is-plain-object.ts';
import type { ProviderToolCall } from '../types.ts';
import type { TemplateFamily } from './template-family.ts';

/**
 * Reads the model's raw text in its family's own syntax: the calls it wrote, the words
 * around them, and any <think> block. A call whose JSON does not parse is still a call
 * (its text kept as written): translation #2 then tells the model why it cannot be made,
 * as for a provider's unreadable arguments.
 */

export type TemplateReply = { calls: ProviderToolCall[]; text: string; thinking: string | null };

/** One call as the model wrote it: `raw` is its text, for the inspector. */
function readCall(written: string, argumentsKey: string): ProviderToolCall[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(written);
  } catch {
    return [{ name: '', arguments: written, raw: written }];
  }
  // SmolLM2 and some Hermes fine-tunes write a list of calls in one tag.
  const items = Array.isArray(parsed) ? parsed : [parsed];
  return items.map((item) => {
    if (!isPlainObject(item) || typeof item.name !== 'string') return { name: '', arguments: item, raw: written };
    const values = argumentsKey in item ? item[argumentsKey] : item.arguments;
    return { name: item.name, arguments: values, raw: written };
  });
}

function takeThinking(text: string): { text: string; thinking: string | null } {
  const match = /^\s*<think>([\s\S]*?)<\/think>\s*/.exec(text);
  if (!match) return { text, thinking: null };
  return { text: text.slice(match[0].length), thinking: match[1]!.trim() };
}

function readTaggedCalls(text: string): TemplateReply {
  const calls: ProviderToolCall[] = [];
  const rest = text.replace(/<tool_call>([\s\S]*?)(<\/tool_call>|$)/g, (_whole, inner: string) => {
    calls.push(...readCall(inner.trim(), 'arguments'));
    return '';
  });
  return { calls, text: rest.trim(), thinking: null };
}

/** Llama 3.x writes the call as the whole reply: one JSON object, sometimes after <|python_tag|>. */
function readLlamaCall(text: string): TemplateReply {
  const trimmed = text.replace(/^\s*<\|python_tag\|>/, '').trim();
  if (!trimmed.startsWith('{')) return { calls: [], text: text.trim(), thinking: null };
  try {
    const parsed: unknown = JSON.parse(trimmed);
    if (isPlainObject(parsed) && typeof parsed.name === 'string') return { calls: readCall(trimmed, 'parameters'), text: '', thinking: null };
  } catch {
    // Not JSON: an answer that happens to start with a brace.
  }
  return { calls: [], text: text.trim(), thinking: null };
}

export function parseTemplateReply({ text, family }: { text: string; family: TemplateFamily }): TemplateReply {
  switch (family) {
    case 'hermes':
    case 'no-tools':
      return readTaggedCalls(text);
    case 'qwen3': {
      const { text: rest, thinking } = takeThinking(text);
      return { ...readTaggedCalls(rest), thinking };
    }
    case 'llama3':
      return readLlamaCall(text);
    default: {
      const unknown: never = family;
      throw new Error(`Unknown template family ${String(unknown)}`);
    }
  }
}
