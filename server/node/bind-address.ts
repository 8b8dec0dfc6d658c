import { isIP } from 'node:net';
import { localhostAllowedHostnames } from '@modelcontextprotocol/server';

/**
 * Where the server listens, and which names requests may address it by. Loopback
 * by default: only programs on this machine can connect. Listening elsewhere is a
 * choice the user makes with --host, and the CLI warns when they do.
 */

export const DEFAULT_BIND_ADDRESS = '127.0.0.1';

/** 127.0.0.0/8, ::1 and the name localhost: reachable from this machine only. */
export function isLoopbackAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').toLowerCase();
  if (bare === 'localhost' || bare === '::1' || bare === '0:0:0:0:0:0:0:1') return true;
  if (isIP(bare) === 4) return bare.startsWith('127.');
  return bare.startsWith('::ffff:127.');
}

/** 0.0.0.0 and :: listen on every interface; no client addresses the server by them. */
export function isWildcardAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  return bare === '0.0.0.0' || bare === '::' || bare === '0:0:0:0:0:0:0:0';
}

/**
 * A name as the Host check compares it: lower case, IPv6 in brackets, no port.
 * Undefined for anything that is not a plain host name or address.
 */
export function normalizeHostname(name: string): string | undefined {
  const bare = name.trim().replace(/^\[|\]$/g, '');
  if (isIP(bare) === 6) return new URL(`http://[${bare}]`).hostname;
  // Names only: a port, a path or credentials would never match a Host header's hostname.
  if (!/^[a-z0-9.-]+$/i.test(bare)) return undefined;
  try {
    return new URL(`http://${bare}`).hostname;
  } catch {
    return undefined;
  }
}

/** The localhost names, plus the bind address when clients can use it as a name. */
export function listDefaultAllowedHostnames(bindAddress: string, extraHostnames: string[] = []): string[] {
  const names = [...localhostAllowedHostnames()];
  const bound = isWildcardAddress(bindAddress) ? undefined : normalizeHostname(bindAddress);
  for (const name of [bound, ...extraHostnames]) {
    if (name !== undefined && !names.includes(name)) names.push(name);
  }
  return names;
}

/** The warning printed when the server listens beyond loopback; undefined on loopback. */
export function describeExposure(bindAddress: string, allowedHostnames: string[]): string | undefined {
  if (isLoopbackAddress(bindAddress)) return undefined;
  const where = isWildcardAddress(bindAddress) ? `every network interface (${bindAddress})` : bindAddress;
  return [
    `WARNING: listening on ${where}, not on loopback (127.0.0.1).`,
    'Anyone who can reach this address over the network can use everything this server offers, with no password:',
    'the MCP endpoints (they run the built-in tools), the mock model, and the explorer page.',
    `Requests must still address the server by an allowed name (Host header): ${allowedHostnames.join(', ')}.`,
    'Add --allow-host <name> for each name or address other machines use to reach this one.',
    'To keep it private, stop and start it again without --host.',
  ].join('\n');
}
