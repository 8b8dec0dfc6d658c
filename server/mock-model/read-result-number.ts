/**
 * The number a tool's result gives as its answer, read the way a model reads another
 * server's words. Servers we did not write repeat the inputs before the answer ("The sum
 * of 5 and 7 is 12."), label it ("Result: 12", {"sum": 12}), or split it over several
 * content blocks; the first number met is often an input, not the answer.
 */

const NUMBER_SOURCE = String.raw`-?\d+(?:\.\d+)?(?:e[-+]?\d+)?`;
const NUMBER = new RegExp(`(?<![\\w.])${NUMBER_SOURCE}(?![\\w.]*\\d)`, 'gi');
/** Words that put the answer right after them: "is 12", "= 12", "equals 12", "result: 12". */
const ANSWER_CUE = new RegExp(
  String.raw`(?:\bis|\bequals?|\bgives|\bmakes|=|\b(?:result|answer|total|sum|product|difference|quotient|value)\s*[:=]?)\s*(${NUMBER_SOURCE})`,
  'gi',
);
/** Keys of a JSON object that hold the answer, most telling first. */
const ANSWER_KEYS = ['result', 'answer', 'value', 'sum', 'total', 'product', 'difference', 'quotient', 'output'];

/** The notes the host writes in place of what text cannot carry ("[image omitted: image/png, about 100 bytes]"): no answer in them. */
const HOST_NOTE = /\[(?:(?:image|audio)(?: omitted:[^\]]*)?|resource link:[^\]]*|binary resource omitted:[^\]]*)\]/g;

function readJson(text: string): unknown {
  const trimmed = text.trim();
  if (!/^[[{]|^-?\d/.test(trimmed)) return undefined;
  try {
    return JSON.parse(trimmed);
  } catch {
    return undefined;
  }
}

/** {"result": 12}, {"sum": 12, "a": 5, "b": 7}, [12] or {"content": {"value": 12}}: the answer key first, else the one number that is no input. */
function readJsonNumber(value: unknown, operands: number[]): number | undefined {
  if (typeof value === 'number') return value;
  if (typeof value === 'string') return readTextNumber(value, operands);
  if (Array.isArray(value)) return value.length === 1 ? readJsonNumber(value[0], operands) : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  const entries = Object.entries(value);
  for (const key of ANSWER_KEYS) {
    const entry = entries.find(([name]) => name.toLowerCase() === key);
    const found = entry && readJsonNumber(entry[1], operands);
    if (found !== undefined) return found;
  }
  const numbers = entries.map(([, entry]) => entry).filter((entry): entry is number => typeof entry === 'number');
  return pickNotAnInput(numbers, operands) ?? (entries.length === 1 ? readJsonNumber(entries[0]![1], operands) : undefined);
}

/** The one number that is not an input, when exactly one is left. */
function pickNotAnInput(numbers: number[], operands: number[]): number | undefined {
  if (numbers.length === 1) return numbers[0];
  const others = [...new Set(numbers.filter((number) => !operands.includes(number)))];
  return others.length === 1 ? others[0] : undefined;
}

function readTextNumber(text: string, operands: number[]): number | undefined {
  const cued = [...text.matchAll(ANSWER_CUE)].map((match) => Number(match[1]));
  // "is 12" after "The sum of 5 and 7": the last cue is the conclusion.
  if (cued.length > 0) return cued.at(-1);
  const numbers = [...text.matchAll(NUMBER)].map((match) => Number(match[0]));
  if (numbers.length === 0) return undefined;
  // No cue ("5 and 7: 12", "12 (from 5 and 7)"): the number that is no input, else the last one written.
  return pickNotAnInput(numbers, operands) ?? numbers.at(-1);
}

/**
 * The answer in a tool's output, given the inputs of the call (`operands`, to tell them
 * from the answer). Each content block arrives on a line of its own; JSON (a number, an
 * object, structured content sent as text) is read by its keys. Undefined when no number
 * is there ("twelve", an image note).
 */
export function readResultNumber({ output, operands = [] }: { output: string; operands?: number[] }): number | undefined {
  const text = output.replace(HOST_NOTE, ' ');
  const whole = readJson(text);
  if (whole !== undefined) return readJsonNumber(whole, operands);
  const lines = text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  // Several blocks: a JSON block says its answer by key; otherwise the text is read as one.
  for (const line of lines) {
    const value = readJson(line);
    const found = value === undefined ? undefined : readJsonNumber(value, operands);
    if (found !== undefined) return found;
  }
  return readTextNumber(lines.join(' '), operands);
}
