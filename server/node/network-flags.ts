import { isIP } from 'node:net';
import { DEFAULT_BIND_ADDRESS, describeExposure, isLoopbackAddress, listDefaultAllowedHostnames, normalizeHostname } from './bind-address.ts';
import { DEFAULT_CLIENT_LIMITS, DEFAULT_MAX_CONNECTIONS, type ClientLimits } from './client-limits.ts';

/** The network flags shared by npm start and npm run server: where to listen, who may call, and how much. */

export const NETWORK_FLAG_OPTIONS = {
  host: { type: 'string' },
  'allow-host': { type: 'string', multiple: true },
  'allow-origin': { type: 'string', multiple: true },
  'max-connections': { type: 'string' },
  'max-connections-per-client': { type: 'string' },
  'max-sessions-per-client': { type: 'string' },
  'max-requests-per-minute': { type: 'string' },
  'clients-per-address': { type: 'string' },
} as const;

export const NETWORK_FLAG_USAGE = `  --host ADDRESS       address to listen on (default ${DEFAULT_BIND_ADDRESS}: this machine only).
                       Anything else lets other machines in, with no password: a warning says so.
  --allow-host NAME    one more name requests may address the server by (the Host check,
                       against DNS rebinding); repeat it for several. Always allowed: localhost,
                       127.0.0.1, [::1] and the --host address.
  --allow-origin URL   one more origin (scheme://host:port) whose pages may call the server, such
                       as a browser-based MCP client on another port (the MCP Inspector); repeat
                       it for several. Without it, only pages the server itself serves may.
  --max-connections N  connections open at once, from everyone (default ${DEFAULT_MAX_CONNECTIONS}).
  Per client, on by default with --host beyond loopback. A client is a browser, by an id the
  server gives it in a cookie, or the address's own client for a request without one (the CLI):
  --max-connections-per-client N   (default ${DEFAULT_CLIENT_LIMITS.maxConnections}; counted by address, times the shares below)
  --max-sessions-per-client N      live sessions, every session endpoint together (default ${DEFAULT_CLIENT_LIMITS.maxSessions})
  --max-requests-per-minute N      (default ${DEFAULT_CLIENT_LIMITS.requestsPerMinute}, in bursts of up to a quarter of it)
  --clients-per-address N          shares all the clients behind one address (a class behind one
                                   router) may take together (default ${DEFAULT_CLIENT_LIMITS.clientsPerAddress})
  Past a limit the server answers 429 (503 past --max-connections) with Retry-After.`;

export type NetworkFlagValues = {
  host?: string;
  'allow-host'?: string[];
  'allow-origin'?: string[];
  'max-connections'?: string;
  'max-connections-per-client'?: string;
  'max-sessions-per-client'?: string;
  'max-requests-per-minute'?: string;
  'clients-per-address'?: string;
};

export type NetworkSettings = {
  host: string;
  allowedHostnames: string[];
  allowedOrigins: string[];
  maxConnections: number;
  /** Per-client limits asked for by flag; undefined leaves the server's default (on beyond loopback only). */
  clientLimits: Partial<ClientLimits> | undefined;
  /** What to print on stderr before listening, when the address is not loopback. */
  warning: string | undefined;
};

export function readNetworkFlags(values: NetworkFlagValues, fail: (message: string) => never): NetworkSettings {
  const host = values.host ?? DEFAULT_BIND_ADDRESS;
  // An address, or a name Node resolves when it listens; a URL or a port here is a mistake worth naming.
  if (host === '' || (isIP(host.replace(/^\[|\]$/g, '')) === 0 && normalizeHostname(host) === undefined)) {
    fail(`--host "${host}" is not an address to listen on: give an IP address such as 127.0.0.1 or 0.0.0.0, or a host name, without a port.`);
  }
  const extra = (values['allow-host'] ?? []).map((name) => {
    const normalized = normalizeHostname(name);
    if (normalized === undefined)
      fail(`--allow-host "${name}" is not a host name or address: give it without a scheme, port or path, for example --allow-host mybox.local`);
    return normalized;
  });
  const allowedOrigins = (values['allow-origin'] ?? []).map((text) => readOriginFlag(text, fail));
  const bindAddress = host.replace(/^\[|\]$/g, '');
  const allowedHostnames = listDefaultAllowedHostnames(bindAddress, extra);
  const maxConnections = readCount(values['max-connections'], '--max-connections', fail) ?? DEFAULT_MAX_CONNECTIONS;
  const clientLimits = readClientLimitFlags(values, fail);
  const limitsInForce = clientLimits ? { ...DEFAULT_CLIENT_LIMITS, ...clientLimits } : isLoopbackAddress(bindAddress) ? undefined : DEFAULT_CLIENT_LIMITS;
  const exposure = describeExposure(bindAddress, allowedHostnames);
  const warning = exposure && limitsInForce ? `${exposure}\n${describeClientLimits(limitsInForce, maxConnections)}` : exposure;
  return { host: bindAddress, allowedHostnames, allowedOrigins, maxConnections, clientLimits, warning };
}

function readClientLimitFlags(values: NetworkFlagValues, fail: (message: string) => never): Partial<ClientLimits> | undefined {
  const maxConnections = readCount(values['max-connections-per-client'], '--max-connections-per-client', fail);
  const maxSessions = readCount(values['max-sessions-per-client'], '--max-sessions-per-client', fail);
  const requestsPerMinute = readCount(values['max-requests-per-minute'], '--max-requests-per-minute', fail);
  const clientsPerAddress = readCount(values['clients-per-address'], '--clients-per-address', fail);
  const limits: Partial<ClientLimits> = {
    ...(clientsPerAddress === undefined ? {} : { clientsPerAddress }),
    ...(maxConnections === undefined ? {} : { maxConnections }),
    ...(maxSessions === undefined ? {} : { maxSessions }),
    ...(requestsPerMinute === undefined ? {} : { requestsPerMinute, burst: Math.max(1, Math.floor(requestsPerMinute / 4)) }),
  };
  return Object.keys(limits).length > 0 ? limits : undefined;
}

function describeClientLimits(limits: ClientLimits, maxConnections: number): string {
  const shares = limits.clientsPerAddress;
  return `Each client (a browser, by the id this server gives it in a cookie; a program without one is its address's client) may hold ${limits.maxSessions} sessions and send ${limits.requestsPerMinute} requests a minute (bursts of ${limits.burst}); the clients behind one address may take ${shares} such shares together, and hold ${limits.maxConnections * shares} connections; ${maxConnections} connections in all. The --max-… and --clients-per-address flags change these.`;
}

/** A whole number of at least 1, or undefined when the flag is absent. */
function readCount(raw: string | undefined, flag: string, fail: (message: string) => never): number | undefined {
  if (raw === undefined) return undefined;
  const count = Number(raw);
  if (!Number.isInteger(count) || count < 1 || count > 1_000_000) fail(`${flag} "${raw}" is not a count: give a whole number from 1 to 1000000.`);
  return count;
}

/** scheme://host[:port] and nothing more: the Origin header a browser sends carries no path. */
function readOriginFlag(text: string, fail: (message: string) => never): string {
  const example = 'for example --allow-origin http://localhost:6274';
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return fail(`--allow-origin "${text}" is not an origin: give scheme, host and port, ${example}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    fail(`--allow-origin "${text}" is not a web page's origin: it must begin with http:// or https://, ${example}`);
  if ((url.pathname !== '/' && url.pathname !== '') || url.search || url.hash || url.username || url.password) {
    fail(`--allow-origin "${text}" has more than an origin: give scheme, host and port only, without a path, ${example}`);
  }
  return url.origin;
}
