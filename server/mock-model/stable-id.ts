/** A short, stable identifier derived from text (FNV-1a), so the mock's ids repeat run after run. */
export function stableId(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36).padStart(7, '0');
}

/** A tool call's id, stable for the same turn, place in the reply, tool and arguments; each wire adds its own prefix. */
export function stableCallId({ turn, index, call }: { turn: number | string; index: number; call: { name: string; arguments: unknown } }): string {
  return stableId(`${turn}:${index}:${call.name}:${JSON.stringify(call.arguments)}`);
}
