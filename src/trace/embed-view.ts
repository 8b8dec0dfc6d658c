/**
 * Whether an address asks for the embeddable lesson view (?embed=1, for an iframe in slides
 * or a course page). The page reads it to become that view (src/store/embed.ts), and the
 * server reads it to let any site frame that answer (server/node/security-headers.ts): one
 * test, so the two can never disagree about which address is the embed view.
 */
export function readEmbedFlag(search: string): boolean {
  return new URLSearchParams(search).get('embed') === '1';
}
