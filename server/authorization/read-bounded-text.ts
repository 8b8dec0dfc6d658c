/**
 * Reads a body as text up to a limit, and stops (cancelling the rest) past it: the
 * sandbox's bodies (registrations, forms, client metadata documents) are small, and one
 * that is not is refused without being held in memory.
 */
export async function readBoundedText(body: ReadableStream<Uint8Array> | null, maxBytes: number): Promise<string | undefined> {
  if (!body) return '';
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let received = 0;
  let text = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return text + decoder.decode();
      received += value.byteLength;
      if (received > maxBytes) {
        reader.cancel().catch(() => {});
        return undefined;
      }
      text += decoder.decode(value, { stream: true });
    }
  } catch {
    // The stream failed: the other side went away mid-body.
    return undefined;
  }
}
