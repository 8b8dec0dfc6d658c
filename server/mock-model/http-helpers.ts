/** A JSON response; header values are kept to ASCII, as HTTP requires. */
export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  const asciiHeaders = Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [name, value.replace(/[^\x20-\x7e]/g, '?')]),
  );
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...asciiHeaders },
  });
}

/** A short, stable identifier derived from text (FNV-1a), so the mock's ids repeat run after run. */
export function stableId(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36).padStart(7, '0');
}
