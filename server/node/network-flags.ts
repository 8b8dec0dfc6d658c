import { isIP } from 'node:net';
import { DEFAULT_BIND_ADDRESS, describeExposure, listDefaultAllowedHostnames, normalizeHostname } from './bind-address.ts';

/** The --host and --allow-host flags, shared by npm start and npm run server. */

export const NETWORK_FLAG_OPTIONS = {
  host: { type: 'string' },
  'allow-host': { type: 'string', multiple: true },
} as const;

export const NETWORK_FLAG_USAGE = `  --host ADDRESS       address to listen on (default ${DEFAULT_BIND_ADDRESS}: this machine only).
                       Anything else lets other machines in, with no password: a warning says so.
  --allow-host NAME    one more name requests may address the server by (Host and Origin checks,
                       against DNS rebinding); repeat it for several. Always allowed: localhost,
                       127.0.0.1, [::1] and the --host address.`;

export type NetworkSettings = {
  host: string;
  allowedHostnames: string[];
  /** What to print on stderr before listening, when the address is not loopback. */
  warning: string | undefined;
};

export function readNetworkFlags(values: { host?: string; 'allow-host'?: string[] }, fail: (message: string) => never): NetworkSettings {
  const host = values.host ?? DEFAULT_BIND_ADDRESS;
  // An address, or a name Node resolves when it listens; a URL or a port here is a mistake worth naming.
  if (host === '' || (isIP(host.replace(/^\[|\]$/g, '')) === 0 && normalizeHostname(host) === undefined)) {
    fail(`--host "${host}" is not an address to listen on: give an IP address such as 127.0.0.1 or 0.0.0.0, or a host name, without a port.`);
  }
  const extra = (values['allow-host'] ?? []).map((name) => {
    const normalized = normalizeHostname(name);
    if (normalized === undefined) fail(`--allow-host "${name}" is not a host name or address: give it without a scheme, port or path, for example --allow-host mybox.local`);
    return normalized;
  });
  const bindAddress = host.replace(/^\[|\]$/g, '');
  const allowedHostnames = listDefaultAllowedHostnames(bindAddress, extra);
  return { host: bindAddress, allowedHostnames, warning: describeExposure(bindAddress, allowedHostnames) };
}
