/**
 * Who may show the explorer's pages in a frame. A foreign page that frames the app
 * can deep-link a lifecycle (`/?scenario=…&step=…`) and trick the learner into
 * pressing its buttons under a decoy (clickjacking). So only the app's own pages may
 * frame it: `frame-ancestors 'self'` for browsers that read CSP, and X-Frame-Options
 * SAMEORIGIN, its older equivalent, for the rest (a browser that knows both obeys the
 * CSP). SAMEORIGIN rather than DENY: the two headers then say the same thing, and a
 * page of the app may still show another (a lesson previewing its own view).
 *
 * The embeddable lesson view (?embed=1, for slides and course pages) is meant to be
 * framed by other sites: it is the one exception (EMBED_FRAMING_HEADERS), decided by
 * the same parameter the page reads to become that view (src/store/embed.ts), which
 * offers nothing worth a decoy: the built-in server and the mock model only, no key,
 * no remembered MCP server or headers, no settings, no files.
 */

export const FRAMING_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "frame-ancestors 'self'",
  'x-frame-options': 'SAMEORIGIN',
};

/** Any http(s) page may frame the embed view; X-Frame-Options is not sent, as it cannot say "any". */
export const EMBED_FRAMING_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': 'frame-ancestors *',
};

/**
 * The framing headers for what the server sends at this request path and query. Every
 * file gets them: the single-page fallback sends index.html for any path, so the path
 * does not tell which answer is a page, and on a script or an image the headers are
 * inert. Only a query with embed=1 (the page's own test, exactly) gets the exception.
 */
export function findFramingHeaders(_pathname: string, search = ''): Readonly<Record<string, string>> {
  return new URLSearchParams(search).get('embed') === '1' ? EMBED_FRAMING_HEADERS : FRAMING_HEADERS;
}
