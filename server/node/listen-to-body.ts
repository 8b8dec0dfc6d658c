import type { IncomingMessage } from 'node:http';

/** What a reader of a request body does with each chunk, at the body's end, and when the client went away first. */
export type BodyListener = { chunk: (chunk: Buffer) => void; end: () => void; gone: () => void };

/**
 * Listens to a request body and returns what stops listening. Both the server's body reader and the drain of a refused
 * body read this way, with listeners and not `for await`: leaving such a loop early destroys the request, and with it
 * the socket that an answer (a 413 above all) must still go out on.
 */
export function listenToBody(incoming: IncomingMessage, listener: BodyListener): () => void {
  incoming.on('data', listener.chunk);
  incoming.once('end', listener.end);
  incoming.once('error', listener.gone);
  incoming.once('aborted', listener.gone);
  incoming.once('close', listener.gone);
  return () => {
    incoming.off('data', listener.chunk);
    incoming.off('end', listener.end);
    incoming.off('error', listener.gone);
    incoming.off('aborted', listener.gone);
    incoming.off('close', listener.gone);
  };
}
