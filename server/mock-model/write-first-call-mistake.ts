import { writeNumberInWords } from './read-arithmetic.ts';
import { readKeywords, splitWords, stemWord } from './match-tool-to-question.ts';
import type { MockTool, MockToolCall } from './mock-reply.ts';

/**
 * The one mistake each fallible variant makes on its first call, written from the call
 * the deterministic model would make, so the mistake is the same every run and the
 * model can recognize its own call when the error about it comes back.
 */

export type MistakeHabit = 'mock-model-sloppy' | 'mock-model-inventive' | 'mock-model-broken-json';
export type Mistake = { call: MockToolCall; reasoning: string };

type Replaced = { value: unknown; path: string; from: number; to: string } | undefined;

/** The first number in the arguments, in property order, arrays and nested objects included, written as a string. */
function replaceFirstNumber(value: unknown, path: string): Replaced {
  if (typeof value === 'number') {
    const written = writeNumberInWords(value) ?? String(value);
    return { value: written, path, from: value, to: written };
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const copy: Record<string, unknown> | unknown[] = Array.isArray(value) ? [...(value as unknown[])] : { ...(value as Record<string, unknown>) };
  for (const [key, entry] of Object.entries(copy)) {
    const replaced = replaceFirstNumber(entry, Array.isArray(copy) ? `${path}[${key}]` : path ? `${path}.${key}` : key);
    if (!replaced) continue;
    (copy as Record<string, unknown>)[key] = replaced.value;
    return { ...replaced, value: copy };
  }
  return undefined;
}

function writeSloppyCall(call: MockToolCall): Mistake | undefined {
  const replaced = replaceFirstNumber(call.arguments, '');
  if (!replaced) return undefined;
  return {
    call: { name: call.name, arguments: replaced.value as Record<string, unknown> },
    reasoning: `Habit of mock-model-sloppy: it writes ${replaced.path} as the string "${replaced.to}" instead of the number ${replaced.from}.`,
  };
}

/** A plausible name nobody offered: a word of the real name the question uses, its first word, or a generic one. */
function inventToolName(call: MockToolCall, tools: MockTool[], question: string): string {
  const offered = new Set(tools.map((tool) => tool.name.toLowerCase()));
  const questionWords = new Set(readKeywords(question));
  const nameWords = splitWords(call.name);
  const allNumbers = Object.values(call.arguments).length > 0 && Object.values(call.arguments).every((value) => typeof value === 'number');
  const candidates = [
    ...nameWords.filter((word) => questionWords.has(stemWord(word))),
    ...nameWords.slice(0, 1),
    ...(allNumbers ? ['calculator'] : []),
    `${call.name}_tool`,
  ];
  return candidates.find((name) => !offered.has(name.toLowerCase())) ?? `${call.name}_${tools.length}`;
}

function writeInventiveCall(call: MockToolCall, tools: MockTool[], question: string): Mistake {
  const name = inventToolName(call, tools, question);
  return {
    call: { name, arguments: call.arguments },
    reasoning: `Habit of mock-model-inventive: it calls "${name}", a tool nobody offered (the right one is ${call.name}), with the right arguments.`,
  };
}

function writeBrokenCall(call: MockToolCall): Mistake {
  // Cut off before the closing brace, as a model that stops writing too early does.
  const brokenArguments = JSON.stringify(call.arguments).slice(0, -1);
  return {
    call: { ...call, brokenArguments },
    reasoning: `Habit of mock-model-broken-json: it writes the arguments of ${call.name} as ${brokenArguments}, which is not valid JSON.`,
  };
}

/** The mistaken version of the first call, or undefined when the habit has nothing to spoil (no number to write as a word). */
export function writeFirstCallMistake({
  habit,
  call,
  tools,
  question,
}: {
  habit: MistakeHabit;
  call: MockToolCall;
  tools: MockTool[];
  question: string;
}): Mistake | undefined {
  switch (habit) {
    case 'mock-model-sloppy':
      return writeSloppyCall(call);
    case 'mock-model-inventive':
      return writeInventiveCall(call, tools, question);
    case 'mock-model-broken-json':
      return writeBrokenCall(call);
    default: {
      const unknownHabit: never = habit;
      throw new Error(`Unknown habit ${String(unknownHabit)}`);
    }
  }
}
