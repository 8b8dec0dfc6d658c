import { isLoopbackHostname } from '../../trace/index.ts';

/**
 * Whether an authorization server can fetch the explorer's Client ID Metadata Document.
 * An https document anyone can fetch; an http document on this machine (npm start, the
 * CLI's own server) only a server on this machine can, so against a remote server the
 * host does not offer it (the server could not fetch it and would refuse the client), and
 * registers instead.
 */
export function canServerFetchDocument({ documentUrl, issuer }: { documentUrl: string; issuer: string }): boolean {
  let document: URL;
  let server: URL;
  try {
    document = new URL(documentUrl);
    server = new URL(issuer);
  } catch {
    return false;
  }
  if (document.protocol === 'https:') return true;
  return document.protocol === 'http:' && isLoopbackHostname(document.hostname) && isLoopbackHostname(server.hostname);
}
