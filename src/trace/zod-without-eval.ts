/**
 * Imported first by the page (src/main.tsx) and the Service Worker, before any schema runs.
 * zod compiles a faster parser for object schemas with `new Function` when it may, and learns
 * whether it may by trying once. The explorer's Content-Security-Policy forbids that (no
 * 'unsafe-eval', server/node/security-headers.ts), so the try would only be refused, and
 * reported as a violation, on every load. jitless says not to try: the same parse, without
 * the compiled path the policy rules out anyway.
 *
 * The setting is zod's global one, which every copy of zod in the bundle (the MCP SDK's
 * included) keeps on globalThis under this name and adopts when it is already there
 * (zod/v4/core/core.js): set here without importing zod, so the first page, which parses
 * nothing, carries none of zod (3.7 kB gzip, bench/README.md). zod-without-eval.test.ts
 * checks that zod reads it and compiles no parser.
 */
export const ZOD_GLOBAL_CONFIG_KEY = '__zod_globalConfig';

const existing: unknown = Reflect.get(globalThis, ZOD_GLOBAL_CONFIG_KEY);
if (typeof existing === 'object' && existing !== null) Reflect.set(existing, 'jitless', true);
else Reflect.set(globalThis, ZOD_GLOBAL_CONFIG_KEY, { jitless: true });
