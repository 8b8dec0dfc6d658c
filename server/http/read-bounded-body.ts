import { DEFAULT_MAX_REQUEST_BODY_SIZE, readRequestBody } from '@modelcontextprotocol/server';

/**
 * Every body this app reads itself goes through here, so none is held in memory past
 * a limit: the SDK's reader refuses a declared Content-Length over the limit without
 * reading, and otherwise counts bytes as they stream in and stops past the limit.
 * The MCP handlers bound their own reads the same way (same 4 MiB default).
 */

/** 4 MiB, the SDK's default for MCP bodies; the mock model gets the same. */
export const MAX_REQUEST_BODY_BYTES = DEFAULT_MAX_REQUEST_BODY_SIZE;

export type BoundedBody = { tooLarge: false; text: string } | { tooLarge: true };

/** The body as text, or tooLarge once more than `maxBytes` are declared or received. Rejects when the stream fails (the client went away). */
export async function readBoundedBody(request: Request, maxBytes = MAX_REQUEST_BODY_BYTES): Promise<BoundedBody> {
  const body = await readRequestBody(request, maxBytes);
  // Cancelling tells the source to stop, instead of leaving the rest of an oversized upload queued.
  // Not awaited: a clone's cancel settles only once the original is cancelled too.
  if (body.tooLarge) request.body?.cancel().catch(() => {});
  return body;
}
