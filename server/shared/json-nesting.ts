/**
 * How deeply a JSON text nests, read without parsing it. Parsing deep JSON is fine,
 * but code that walks the parsed value recursively (schema checks, the mock's
 * readers) runs out of stack a few thousand levels down and fails with a 500.
 */

/** Arrays and objects nested deeper than this are refused: ten times what real requests use, below any stack limit. */
export const MAX_JSON_NESTING = 1000;

/** Whether brackets outside strings open more than `limit` levels at some point. */
export function exceedsJsonNesting(text: string, limit = MAX_JSON_NESTING): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c)
        index += 1; // a backslash escapes the next character, a quote included
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) {
      inString = true;
    } else if (code === 0x5b || code === 0x7b) {
      depth += 1;
      if (depth > limit) return true;
    } else if (code === 0x5d || code === 0x7d) {
      depth -= 1;
    }
  }
  return false;
}
