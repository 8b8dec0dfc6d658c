/**
 * Where the app is served from, and so where its built-in server answers. Under
 * `npm start` the base is '/', at the origin's root; the static site is built with a
 * relative base ('./'), so a copy under any sub-path (a project page, say) finds its
 * in-browser server beside itself rather than at the origin's root.
 */

/** The app's base URL for a page at pageUrl (this page by default). */
export function readAppBaseUrl(pageUrl: string = globalThis.location.href): URL {
  return new URL(import.meta.env.BASE_URL, pageUrl);
}

/** A path of the built-in server (e.g. /mcp/toolbox or /mock/anthropic/v1) as a full URL under the app's base. */
export function resolveAppUrl(path: string, base: URL | string): string {
  // Without its leading slash the path resolves under the base's folder, not at the origin's root.
  return new URL(path.replace(/^\/+/, ''), base).href;
}
