import { findInvalidHeader } from '../trace/index.ts';
import type { OutgoingRequest } from './recorded-exchange.ts';

/**
 * A header the request cannot carry, found before fetch would throw its own TypeError,
 * which says neither which header nor why and reads like a network failure.
 */
export class InvalidHeaderError extends Error {
  override readonly name = 'InvalidHeaderError';
  constructor(
    readonly header: string,
    readonly problem: string,
  ) {
    super(`The header ${header} ${problem}.`);
  }
}

/** A fetch's arguments (a Request object included) as the request the recorder shows and sends. */
export async function readOutgoingRequest(input: string | URL | Request, init: RequestInit | undefined): Promise<OutgoingRequest> {
  if (input instanceof Request) {
    const body = input.body ? await input.clone().text() : undefined;
    return { method: input.method, url: input.url, headers: Object.fromEntries(input.headers), body };
  }
  return readRequestInit(input, init);
}

/** A fetch's arguments as a request; read at once, as every request the SDK and the host send comes so. */
function readRequestInit(input: string | URL, init: RequestInit | undefined): OutgoingRequest {
  // The SDK's transport hands over a Headers already (lowercase, sorted, joined); a record or a list is checked, then made one.
  if (init?.headers !== undefined && !(init.headers instanceof Headers)) {
    const invalid = findInvalidHeader(
      Array.isArray(init.headers) ? init.headers.map(([name = '', value = '']) => [name, value] as const) : Object.entries(init.headers),
    );
    if (invalid) throw new InvalidHeaderError(invalid.name, invalid.problem);
  }
  const headers = init?.headers instanceof Headers ? init.headers : new Headers(init?.headers);
  const body = init?.body;
  if (body !== undefined && body !== null && typeof body !== 'string') {
    throw new TypeError('The recorder only sends string bodies, so that what is shown is exactly what is sent.');
  }
  return {
    method: (init?.method ?? 'GET').toUpperCase(),
    url: String(input),
    headers: Object.fromEntries(headers),
    body: body ?? undefined,
  };
}
