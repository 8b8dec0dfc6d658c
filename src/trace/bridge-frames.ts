import { z } from 'zod';

/**
 * What the app's stdio bridge tells the host about the process behind it, as SSE events
 * beside the MCP messages of a response stream (`event: bridge`). The SDK client reads only
 * `message` events, so these reach the recorder alone: the line the bridge wrote to the
 * server's stdin, each line it read from stdout, each stderr line, and the process's exit.
 * The bridge writes them (server/node) and the host reads them (src/lifecycle).
 */

export const BRIDGE_SSE_EVENT = 'bridge';

export const BRIDGE_FRAME_KINDS = ['stdin', 'stdout', 'stderr', 'exit'] as const;

export const BridgeFrameSchema = z.object({
  kind: z.enum(BRIDGE_FRAME_KINDS),
  /** The line exactly as it crossed the pipe (no newline), or the exit's words. */
  line: z.string(),
  /** The bridged server's name (/mcp/stdio/NAME). */
  server: z.string(),
  /** Milliseconds since the bridge started the process: when the line crossed, which may be before this stream opened. */
  at: z.number(),
  /** Lines the bridge left out before this one: the oldest start-up lines past the queue's bounds, or lines past an answer's allowance. */
  dropped: z.number().int().nonnegative().optional(),
});
export type BridgeFrame = z.infer<typeof BridgeFrameSchema>;

/** The path under which the app serves bridged stdio servers: /mcp/stdio/NAME; a GET of it lists them. */
export const STDIO_BRIDGE_PATH = '/mcp/stdio';

/** A bridged server's name: lower-case letters, digits and hyphens, so it is a safe path segment and a safe word anywhere it is shown. */
export const BRIDGE_NAME_PATTERN = /^[a-z0-9-]{1,64}$/;

/** Live programs of one bridge's sessions, at most (each client's session gets one, unless the bridge is shared): each is a process, often npx and node, of the learner's machine. */
export const MAX_BRIDGE_SESSION_PROGRAMS = 8;

export const BridgeListingSchema = z.object({
  servers: z.array(
    z.object({
      name: z.string().regex(BRIDGE_NAME_PATTERN),
      path: z.string(),
      running: z.boolean(),
      /** Whether each client's session gets a program of its own, or one program serves them all (--stdio-shared). */
      clients: z.enum(['own-program', 'shared']),
    }),
  ),
});
export type BridgeListing = z.infer<typeof BridgeListingSchema>;
