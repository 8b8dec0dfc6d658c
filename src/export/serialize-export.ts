/**
 * Characters JSON.stringify leaves raw that a terminal or an editor may act on: DEL and the
 * C1 controls (U+009B is a one-byte CSI to some terminals), the Unicode line and paragraph
 * separators, and the bidirectional controls that make text read otherwise than it runs.
 */
const UNSAFE_IN_JSON = /[\u007f-\u009f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * JSON for a file or a terminal: the same value as JSON.stringify gives (a parser reads it
 * back identical), with every character above written as a \u escape, so printing the
 * file cannot move a cursor or reorder what a reader sees.
 */
export function serializeExportJson(value: unknown): string {
  return `${JSON.stringify(value, null, 2).replace(UNSAFE_IN_JSON, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`)}\n`;
}
