/**
 * Characters a terminal acts on instead of printing: C0 controls (ESC starts the
 * sequences that move the cursor, clear the screen or set the title), DEL, C1 controls
 * (U+009B is a one-character CSI), the line and paragraph separators, and the bidi
 * controls that make text read in another order than it runs. Text from a server, a
 * model or a file is shown with these escaped before it reaches a terminal or a shell.
 */
const BEYOND_C0 = '\\u007f-\\u009f\\u061c\\u200e\\u200f\\u2028\\u2029\\u202a-\\u202e\\u2066-\\u2069';
const TERMINAL_CONTROL = new RegExp(`[\\u0000-\\u001f${BEYOND_C0}]`, 'g');
/** As above, less the newline and tab a layout may keep. */
const TERMINAL_CONTROL_BUT_LAYOUT = new RegExp(`[\\u0000-\\u0008\\u000b-\\u001f${BEYOND_C0}]`, 'g');
/** As above, less the newline alone, as a character class to build on: a shell word may hold a newline as it is. */
export const TERMINAL_CONTROL_BUT_NEWLINE_CLASS = `[\\u0000-\\u0009\\u000b-\\u001f${BEYOND_C0}]`;

export function hasTerminalControl(text: string): boolean {
  TERMINAL_CONTROL.lastIndex = 0;
  return TERMINAL_CONTROL.test(text);
}

function escapeCharacter(character: string): string {
  const code = character.charCodeAt(0);
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

/** The text with every terminal control written as an escape (`\x1b`, `\u202e`); `keepLayout` leaves newlines and tabs. */
export function escapeTerminalText({ text, keepLayout = false }: { text: string; keepLayout?: boolean }): string {
  return text.replace(keepLayout ? TERMINAL_CONTROL_BUT_LAYOUT : TERMINAL_CONTROL, escapeCharacter);
}

/**
 * JSON text with the controls JSON.stringify leaves raw (DEL, C1, bidi, separators)
 * written as \u escapes: the same JSON once parsed, but inert on a terminal.
 */
export function escapeTerminalJson(json: string): string {
  // JSON.stringify escapes C0 inside strings; the only raw C0 left is its own layout.
  return json.replace(TERMINAL_CONTROL_BUT_LAYOUT, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
