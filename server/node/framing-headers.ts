/**
 * Who may show the explorer's pages in a frame. A foreign page that frames the app
 * can deep-link a lifecycle (`/?scenario=…&step=…`) and trick the learner into
 * pressing its buttons under a decoy (clickjacking). So only the app's own pages may
 * frame it: `frame-ancestors 'self'` for browsers that read CSP, and X-Frame-Options
 * SAMEORIGIN, its older equivalent, for the rest (a browser that knows both obeys the
 * CSP). SAMEORIGIN rather than DENY: the two headers then say the same thing, and a
 * page of the app may still show another (a lesson previewing its own view).
 *
 * The embeddable lesson view (issue "Teaching beyond every peer") is meant to be
 * framed by other sites: it is the one exception, and gets its own documented policy
 * in findFramingHeaders, by path, when it exists. Until then every page gets the same headers.
 */

export const FRAMING_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "frame-ancestors 'self'",
  'x-frame-options': 'SAMEORIGIN',
};

/**
 * The framing headers for what the server sends at this request path. Every file
 * gets them: the single-page fallback sends index.html for any path, so the path
 * does not tell which answer is a page, and on a script or an image the headers are
 * inert. The lesson view's exception will be decided here, by its path.
 */
export function findFramingHeaders(_pathname: string): Readonly<Record<string, string>> {
  return FRAMING_HEADERS;
}
