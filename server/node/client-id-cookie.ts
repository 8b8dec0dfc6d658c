import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { ClientIdentity } from '../http/index.ts';

/**
 * Who a request comes from, for the per-client limits of a server a class shares: a class
 * behind one NAT or proxy has one source address, so an address cannot tell its learners
 * apart. Each browser is given an opaque id by the server, in an HttpOnly, SameSite=Strict
 * cookie on its first answer (the page, before any script runs, so it needs neither script
 * nor Service Worker); the browser sends it back on every request to this server.
 *
 * An id is random bytes and their HMAC under a key this process made at start: a client
 * cannot make one up (a made-up or altered one counts as none), but it can collect as many
 * as it asks for, so the address stays an outer bound around all the ids behind it. A
 * request with no valid id (the CLI, curl, a cleared cookie) is the address's own client.
 */

export const CLIENT_COOKIE_NAME = 'explorer-client';

export type ClientIdCookies = {
  /** The request's client and address; `issue` is the Set-Cookie to send when it carried no valid id. */
  identify: (request: IncomingMessage, address: string) => ClientIdentity & { issue: string | undefined };
};

const ID_BYTES = 16;
const MAC_BYTES = 16;

export function createClientIdCookies(): ClientIdCookies {
  const key = randomBytes(32);
  const sign = (nonce: string) => createHmac('sha256', key).update(nonce).digest().subarray(0, MAC_BYTES);

  const isIssued = (value: string): boolean => {
    const [nonce, mac, extra] = value.split('.');
    if (!nonce || !mac || extra !== undefined) return false;
    const given = Buffer.from(mac, 'base64url');
    // Only the one spelling the server wrote: the decoder ignores a last character's unused bits, so one MAC has 16
    // spellings, and each spelling would be a client of its own with a share of its own.
    return given.length === MAC_BYTES && given.toString('base64url') === mac && timingSafeEqual(given, sign(nonce));
  };

  return {
    identify(request, address) {
      const id = readCookie(request.headers.cookie, CLIENT_COOKIE_NAME);
      if (id !== undefined && isIssued(id)) return { client: `id:${id}`, address, issue: undefined };
      const nonce = randomBytes(ID_BYTES).toString('base64url');
      const value = `${nonce}.${sign(nonce).toString('base64url')}`;
      // No Max-Age: it lasts the browser session, and a server restart (a new key) issues new ones.
      return { client: `address:${address}`, address, issue: `${CLIENT_COOKIE_NAME}=${value}; Path=/; HttpOnly; SameSite=Strict` };
    },
  };
}

/** One cookie's value from a Cookie header, or undefined. */
function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const separator = part.indexOf('=');
    if (separator > 0 && part.slice(0, separator).trim() === name) return part.slice(separator + 1).trim();
  }
  return undefined;
}
