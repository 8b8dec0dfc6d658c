import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { readEmbedFlag, APP_SANDBOX_PAGE } from '../../src/trace/index.ts';

/**
 * The headers every file of the explorer is sent with, and its Content-Security-Policy: the
 * one place for both builds. `npm start` sends them (serve.ts, from the hashes of the built
 * pages' inline scripts and styles, read at start-up); the static build writes the same policy into its
 * pages as a `<meta>` and the headers into `_headers` for hosts that read that file
 * (vite-content-security-policy.ts).
 *
 * The policy is what makes a URL gate missed one day still run no script: the page's own
 * files may run, plus the few inline scripts the build wrote, named by their SHA-256;
 * nothing else. Styles the same way: the built stylesheets, and the first page's own
 * stylesheet, which the build writes into the page (vite-inline-stylesheet.ts), by its hash. No 'unsafe-inline' (a `javascript:` URL, an injected `<script>` or event
 * handler), no 'unsafe-eval' (eval, new Function, a string given to setTimeout).
 */

/** The file only static hosts read (Netlify, Cloudflare Pages): no page, never cached by the Service Worker. */
export const HEADERS_FILE = '_headers';

type FrameAncestors = "'self'" | '*';

/** The policy's sources for the built pages' inline scripts and styles: 'sha256-…' each, sorted, once. */
export type PageHashes = { scriptHashes: readonly string[]; styleHashes: readonly string[] };

/** The text of each inline `<script>` of a page, exactly as a browser hashes it (what lies between the tags). */
export function listInlineScripts(html: string): string[] {
  const scripts: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    if (!/\ssrc\s*=/i.test(` ${match[1] ?? ''}`)) scripts.push(match[2] ?? '');
  }
  return scripts;
}

/** The text of each `<style>` element of a page, exactly as a browser hashes it. */
export function listInlineStyles(html: string): string[] {
  return [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style\s*>/gi)].map((match) => match[1] ?? '');
}

/**
 * What in a page the policy would refuse, and so must not be there: an event handler
 * attribute, a style attribute, a `javascript:` URL. A build that writes one fails (the
 * build calls this), rather than a page that quietly loses it. A `<style>` element is
 * allowed by its hash, as an inline script is.
 */
export function findRefusedMarkup(html: string): string[] {
  const found: string[] = [];
  const withoutScripts = html.replace(/<script\b[^>]*>[\s\S]*?<\/script\s*>/gi, '<script></script>').replace(/<!--[\s\S]*?-->/g, '');
  for (const match of withoutScripts.matchAll(/<[a-z][^>]*?\s(on[a-z]+|style)\s*=[^>]*>/gi)) found.push(`a ${match[1]} attribute: ${match[0].slice(0, 80)}`);
  if (/=\s*["']?\s*javascript:/i.test(withoutScripts)) found.push('a javascript: URL');
  return found;
}

function hashSources(texts: readonly string[]): string[] {
  const hashes = texts.map((text) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`);
  return [...new Set(hashes)].sort();
}

/** The policy's script sources for these pages' inline scripts: 'sha256-…' each, sorted, once. */
export function hashInlineScripts(pages: readonly string[]): string[] {
  return hashSources(pages.flatMap(listInlineScripts));
}

/** The hashes of both kinds of inline element of these pages. */
export function hashPages(pages: readonly string[]): PageHashes {
  return { scriptHashes: hashInlineScripts(pages), styleHashes: hashSources(pages.flatMap(listInlineStyles)) };
}

/**
 * Whether a built page is one of the explorer's, under its policy. The sandbox of tools' views
 * (app-sandbox.html) is not: it has a policy of its own, made for the view it frames
 * (src/trace/app-view-policy.ts), and the explorer's on top would refuse the view's scripts.
 */
export function isExplorerPage(fileName: string): boolean {
  return fileName.endsWith('.html') && fileName !== APP_SANDBOX_PAGE;
}

/** The hashes of the inline scripts and styles of the pages at the top of a built app's folder, as `serve` sends them. */
export async function readPageHashes(directory: string): Promise<PageHashes> {
  const pages = (await readdir(directory)).filter(isExplorerPage);
  return hashPages(await Promise.all(pages.map((file) => readFile(path.join(directory, file), 'utf8'))));
}

/**
 * The Content-Security-Policy of the explorer's pages. `frameAncestors` null leaves that
 * directive out: a `<meta>` policy cannot carry it (browsers ignore it there, and say so in
 * the console), so the static site's pages can be framed unless its host sends the header.
 */
export function formatContentSecurityPolicy({
  scriptHashes,
  styleHashes,
  frameAncestors,
  viewSandbox,
}: PageHashes & { frameAncestors: FrameAncestors | null; viewSandbox?: string | undefined }): string {
  const directives: [string, ...string[]][] = [
    // Anything not named below: this origin only.
    ['default-src', "'self'"],
    // The boundary. 'report-sample' puts the first 40 characters of what was refused into the violation report.
    // 'wasm-unsafe-eval' compiles WebAssembly and nothing else (no eval, no new Function): the model in the tab is llama.cpp
    // in WebAssembly (src/store/tab-model/wllama-runner.ts), loaded only when a learner chooses it.
    ['script-src', "'self'", "'report-sample'", "'wasm-unsafe-eval'", ...scriptHashes],
    // The built stylesheets, and the first page's own written into it, by hash. React and React Flow set styles through the
    // CSSOM (element.style), which a policy does not govern; no page carries a style attribute (findRefusedMarkup), so no
    // 'unsafe-inline' is needed: a `<style>` injected later matches no hash.
    ['style-src', "'self'", ...styleHashes],
    // data: for the favicon and a tool result's image, which the page builds as a data: URL itself (src/content/base64-media.ts);
    // blob: for the PNG export, which draws the sequence picture through an image.
    ['img-src', "'self'", 'data:', 'blob:'],
    // A tool result's audio, built the same way.
    ['media-src', "'self'", 'data:'],
    // MCP servers, providers and lesson files at any https address, and plain http to this machine or to an origin the
    // learner names (the URL gate's rule). A policy is fixed when the page loads and can only be tightened, so it cannot name
    // the origins a learner picks later: it allows any. It is not the boundary against leaking data (any https address is
    // allowed on purpose); script-src is the boundary against running it.
    ['connect-src', "'self'", 'https:', 'http:'],
    // The static site's Service Worker; blob: for the model in the tab's worker, which wllama builds from its bundled code
    // (a blob: URL only a script already running in the page can make).
    ['worker-src', "'self'", 'blob:'],
    // Frames: the explorer's own pages (the static site's sandbox of tools' views, app-sandbox.html, framed with an opaque
    // origin), and npm start's sandbox of tools' views on its second port (server/node/app-sandbox-listener.ts), that origin alone.
    ['frame-src', "'self'", ...(viewSandbox ? [viewSandbox] : [])],
    ['object-src', "'none'"],
    ['base-uri', "'none'"],
    // Every form of the app is handled by its script, or closes a dialog (method="dialog", which is no submission).
    ['form-action', "'none'"],
    ...(frameAncestors === null ? [] : [['frame-ancestors', frameAncestors] as [string, string]]),
  ];
  return directives.map((directive) => directive.join(' ')).join('; ');
}

/** Headers every file gets, whatever it is. */
const COMMON_HEADERS = {
  // A file is what its Content-Type says: a JSON or text answer is never run as a script or shown as a page.
  'x-content-type-options': 'nosniff',
  // The explorer's addresses can carry a lesson, a scenario, a step: no request it makes tells another site where it was.
  'referrer-policy': 'no-referrer',
  // No window of another origin keeps a handle on one of the explorer's, either way: a page that opens the explorer gets
  // none, and the explorer opens every window for the learner without an opener anyway (src/ui/open-gated-url.tsx; the
  // consent window's answer comes back on the origin's BroadcastChannel, src/oauth-callback.ts), so none is needed.
  'cross-origin-opener-policy': 'same-origin',
};

/**
 * The headers `npm start` sends with a file, for the request's query. Every file gets
 * them: the single-page fallback sends index.html for any path, so the path does not tell
 * which answer is a page, and on a script or an image they are inert.
 *
 * Framing: only the app's own pages may frame it (`frame-ancestors 'self'`, and X-Frame-Options
 * SAMEORIGIN for browsers that read no CSP; SAMEORIGIN rather than DENY, so both say the same and
 * a page of the app may still show another). A foreign page that framed it could deep-link a
 * lifecycle and trick the learner into pressing its buttons under a decoy. The embeddable lesson
 * view (?embed=1, `readEmbedFlag`) is the one exception: any site may frame it, and it offers
 * nothing worth a decoy (the built-in server and the mock model only, no key, no remembered MCP
 * server or headers, no settings, no files; src/store/embed.ts). X-Frame-Options cannot say
 * "any", so the embed view is sent none.
 */
export function findSecurityHeaders({
  search,
  viewSandbox,
  ...hashes
}: PageHashes & { search: string; viewSandbox?: string | undefined }): Record<string, string> {
  const embed = readEmbedFlag(search);
  return {
    'content-security-policy': formatContentSecurityPolicy({ ...hashes, frameAncestors: embed ? '*' : "'self'", viewSandbox }),
    ...(embed ? {} : { 'x-frame-options': 'SAMEORIGIN' }),
    ...COMMON_HEADERS,
  };
}

/**
 * `_headers` for a static host that reads one (Netlify, Cloudflare Pages), with the paths as
 * at the site's root: every header for every file, in one rule, as `npm start` sends them.
 * Such a host matches paths, not queries, so it cannot tell the embed view apart: its pages get
 * `frame-ancestors 'self'`, and embedding by another site needs that rule changed (README,
 * "Put it on any static host").
 */
export function formatHeadersFile(hashes: PageHashes): string {
  const headers = findSecurityHeaders({ search: '', ...hashes });
  const lines = ['# Written by npm run build:static (server/node/security-headers.ts): the headers a static host should send.', '/*'];
  lines.push(...Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`));
  return `${lines.join('\n')}\n`;
}
