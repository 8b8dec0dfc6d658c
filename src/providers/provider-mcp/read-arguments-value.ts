/** A reported call's arguments, as a JSON string carries them: the value it encodes, or the text itself when it is not JSON (shown as it came). */
export function readArgumentsValue(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
