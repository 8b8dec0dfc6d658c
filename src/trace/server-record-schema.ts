import { z } from 'zod';

/**
 * What the built-in server kept of the requests it served for one run (provider-side MCP:
 * the provider's MCP client called it, not the host's). The server writes it, the host
 * reads it back over HTTP and checks it here, as any answer from outside. Header values
 * that may be secrets are kept as `[redacted]` by the server itself.
 */
export const ServerRecordExchangeSchema = z.object({
  /** ms since the server's first request of this run. */
  at: z.number(),
  method: z.string(),
  /** The path the request named, without the record's own query parameter. */
  path: z.string(),
  requestHeaders: z.record(z.string(), z.string()),
  requestBody: z.string().optional(),
  status: z.number().int(),
  responseHeaders: z.record(z.string(), z.string()),
  /** The whole answer as text: a JSON body, or an event stream's frames. */
  responseBody: z.string().optional(),
  /** The answer was longer than the record keeps: the rest was left out. */
  cut: z.boolean().optional(),
  /** The answer was still streaming when the record was read (a stream the client left open). */
  open: z.boolean().optional(),
});
export type ServerRecordExchange = z.infer<typeof ServerRecordExchangeSchema>;

export const ServerRecordSchema = z.object({
  run: z.string(),
  exchanges: z.array(ServerRecordExchangeSchema),
  /** Exchanges the record had no room for (it keeps the first ones). */
  dropped: z.number().int().nonnegative(),
});
export type ServerRecord = z.infer<typeof ServerRecordSchema>;
