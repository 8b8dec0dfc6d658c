import { z } from 'zod';

/**
 * Imported first by the page (src/main.tsx) and the Service Worker, before any schema runs.
 * zod compiles a faster parser for object schemas with `new Function` when it may, and learns
 * whether it may by trying once. The explorer's Content-Security-Policy forbids that (no
 * 'unsafe-eval', server/node/security-headers.ts), so the try would only be refused, and
 * reported as a violation, on every load. jitless says not to try: the same parse, without
 * the compiled path the policy rules out anyway. The setting is zod's global one, shared by
 * every copy of zod in the bundle (the MCP SDK's included).
 */
z.config({ jitless: true });
