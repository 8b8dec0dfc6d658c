import { NO_RESULT_MARKER, TOOL_ERROR_MARKER } from '../../src/trace/index.ts';
import type { MockReply, MockToolExchange } from './mock-reply.ts';

/**
 * How the mock puts a tool's result into words: numbers and short texts in one sentence,
 * structured content read out when there is no text, and an error reported as an error.
 */

/** The longest output said in one sentence; a longer one is quoted whole, below the sentence. */
const SHORT_OUTPUT_LENGTH = 300;
const MEDIA_NOTE = /\[(image|audio)(?: omitted:[^\]]*)?\]/g;

/** The words translation #3 writes before an error (src/trace/tool-error-markers.ts): the model need not repeat them. */
function removeErrorMarker(output: string): string {
  for (const marker of [TOOL_ERROR_MARKER, NO_RESULT_MARKER]) if (output.startsWith(marker)) return output.slice(marker.length);
  return output;
}

/**
 * An error, reported honestly: no retry, no guess. A tool's own error (isError) is the
 * tool's; where no tool result exists (the user declined the call, the server refused it),
 * no tool reported anything, and the words say the tool gave no result.
 */
export function reportToolError(exchange: MockToolExchange): MockReply {
  if (exchange.hostError) {
    return {
      type: 'text',
      text: `I have no result from the ${exchange.name} tool: ${removeErrorMarker(exchange.output)}`,
      reasoning: 'The host answered the call itself: no tool result came back; saying why instead of guessing.',
    };
  }
  return {
    type: 'text',
    text: `The ${exchange.name} tool reported an error, so I cannot give the result: ${removeErrorMarker(exchange.output)}`,
    reasoning: 'A tool result came back as an error; reporting it instead of guessing.',
  };
}

function readJson(output: string): unknown {
  const trimmed = output.trim();
  if (!/^[[{]/.test(trimmed)) return undefined;
  try {
    return JSON.parse(trimmed);
  } catch {
    return undefined;
  }
}

/** Keys that only label the value: {"value": 3.11, "unit": "miles"} reads "3.11 miles", as a person would say it. */
const LABEL_KEYS = new Set(['value', 'unit', 'units', 'result', 'text', 'message', 'output', 'amount']);

/** A long decimal as a person would say it: 3.10685596119 is 3.11; small ones keep three significant digits. */
function sayNumber(value: number): string {
  if (Number.isInteger(value) || !/\.\d{4,}/.test(String(value))) return String(value);
  return String(Math.abs(value) >= 1 ? Number(value.toFixed(2)) : Number(value.toPrecision(3)));
}

/** {"value": 3.11, "unit": "miles"} reads as "3.11 miles", {"counted": [1, 2]} as "counted (1, 2)". */
function readStructured(value: unknown): string {
  if (Array.isArray(value)) return value.map(readStructured).join(', ');
  if (typeof value === 'object' && value !== null) {
    const said = Object.entries(value).map(([key, entry]) => ({
      key,
      text: typeof entry === 'object' && entry !== null ? `(${readStructured(entry)})` : readStructured(entry),
    }));
    // Labelled values run together ("3.11 miles"); named ones keep their names ("counted (1, 2)").
    const labelled = said
      .filter(({ key }) => LABEL_KEYS.has(key.toLowerCase()))
      .map(({ text }) => text)
      .join(' ');
    const named = said.filter(({ key }) => !LABEL_KEYS.has(key.toLowerCase())).map(({ key, text }) => `${key} ${text}`);
    return [labelled, ...named].filter(Boolean).join(', ');
  }
  if (typeof value === 'number') return sayNumber(value);
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function endSentence(text: string): string {
  return /[.!?…]$/.test(text) ? text : `${text}.`;
}

/** "The convert_units tool says: 3.11 miles." */
export function describeToolOutput(exchange: MockToolExchange): string {
  const media = [...exchange.output.matchAll(MEDIA_NOTE)].map((match) => match[1]);
  const text = exchange.output.replace(MEDIA_NOTE, ' ').trim();
  const mediaSentence =
    media.length > 0 ? ` It also returned ${media.length === 1 ? `an ${media[0]}` : `${media.length} media items`}, which I do not describe.` : '';
  if (text === '') {
    return media.length > 0
      ? `The ${exchange.name} tool returned ${media.length === 1 ? `an ${media[0]}` : `${media.length} media items`} and no text.`
      : `The ${exchange.name} tool returned nothing I can read.`;
  }
  const structured = readJson(text);
  // "Result: 1024" is a number with a label; the sentence says the number.
  const readable = structured === undefined ? text.replace(/^result:\s*(?=-?[\d.]+$)/i, '') : readStructured(structured);
  if (readable.length <= SHORT_OUTPUT_LENGTH) {
    return `The ${exchange.name} tool says: ${endSentence(readable.replace(/\s+/g, ' '))}${mediaSentence}`;
  }
  return `The ${exchange.name} tool says:\n\n${readable}${mediaSentence ? `\n\n${mediaSentence.trim()}` : ''}`;
}
