import { AUTHORIZATION_SERVER_PATH, CLIENT_METADATA_PATH, PROTECTED_MCP_PATH, SandboxFaultSchema, type SandboxFault } from '../../src/trace/index.ts';

/**
 * Where everything of the sandbox lives, as the client must address it. The app's routes
 * are written from the root, but the static site may sit under a folder (/explorer/), and
 * every URL the sandbox writes (resource, issuer, endpoints) must be the one the client can
 * reach. The well-known documents go between the host and the path (RFC 9728 §3.1, RFC 8414
 * §3.1), so under a folder they sit outside it: /.well-known/KIND/explorer/mcp/protected.
 */

export type SandboxUrls = {
  resource: string;
  resourceMetadata: string;
  issuer: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  registrationEndpoint: string;
};

export const PROTECTED_RESOURCE_WELL_KNOWN = '/.well-known/oauth-protected-resource';
export const AUTHORIZATION_SERVER_WELL_KNOWN = '/.well-known/oauth-authorization-server';
export const OPENID_CONFIGURATION_WELL_KNOWN = '/.well-known/openid-configuration';
const FAULT_SEGMENT = '/fault/';

/** The sandbox's URLs for one flow: the fault travels in the resource's query and the issuer's path. */
export function describeSandboxUrls({ origin, basePath, fault }: { origin: string; basePath: string; fault: SandboxFault | undefined }): SandboxUrls {
  const base = basePath.replace(/\/+$/, '');
  const query = fault ? `?fault=${fault}` : '';
  const issuer = `${origin}${base}${AUTHORIZATION_SERVER_PATH}${fault ? `${FAULT_SEGMENT}${fault}` : ''}`;
  return {
    resource: `${origin}${base}${PROTECTED_MCP_PATH}${query}`,
    resourceMetadata: `${origin}${PROTECTED_RESOURCE_WELL_KNOWN}${base}${PROTECTED_MCP_PATH}${query}`,
    issuer,
    authorizationEndpoint: `${issuer}/authorize`,
    tokenEndpoint: `${issuer}/token`,
    registrationEndpoint: `${issuer}/register`,
  };
}

/** What a request of the sandbox asks for, read from the app's own path (root-relative). */
export type SandboxRoute =
  | { kind: 'protected-mcp' }
  | { kind: 'resource-metadata' }
  | { kind: 'authorization-server-metadata'; issuerPath: string }
  | { kind: 'authorize'; issuerPath: string }
  | { kind: 'token'; issuerPath: string }
  | { kind: 'register'; issuerPath: string }
  | { kind: 'client-metadata' };

/** The sandbox route of a path, or undefined when the path is not the sandbox's. */
export function findSandboxRoute(pathname: string): SandboxRoute | undefined {
  if (pathname === PROTECTED_MCP_PATH) return { kind: 'protected-mcp' };
  if (pathname === CLIENT_METADATA_PATH) return { kind: 'client-metadata' };
  if (pathname === `${PROTECTED_RESOURCE_WELL_KNOWN}${PROTECTED_MCP_PATH}`) return { kind: 'resource-metadata' };
  // RFC 8414 first, then both OpenID Connect discovery forms, as the MCP spec's probe order has them.
  for (const prefix of [AUTHORIZATION_SERVER_WELL_KNOWN, OPENID_CONFIGURATION_WELL_KNOWN]) {
    if (pathname.startsWith(`${prefix}/`) && isIssuerPath(pathname.slice(prefix.length)))
      return { kind: 'authorization-server-metadata', issuerPath: pathname.slice(prefix.length) };
  }
  const endpoint = /^(.*)\/(authorize|token|register|\.well-known\/openid-configuration)$/.exec(pathname);
  if (!endpoint || !isIssuerPath(endpoint[1]!)) return undefined;
  const issuerPath = endpoint[1]!;
  const name = endpoint[2]!;
  if (name === 'authorize' || name === 'token' || name === 'register') return { kind: name, issuerPath };
  return { kind: 'authorization-server-metadata', issuerPath };
}

/** Whether a path belongs to the sandbox: the node listener and the Service Worker hand these to the app. */
export function isSandboxPath(pathname: string): boolean {
  return pathname === AUTHORIZATION_SERVER_PATH || pathname.startsWith(`${AUTHORIZATION_SERVER_PATH}/`) || findSandboxRoute(pathname) !== undefined;
}

/** /oauth or /oauth/fault/NAME with NAME a known fault. */
function isIssuerPath(path: string): boolean {
  return path === AUTHORIZATION_SERVER_PATH || readIssuerFault(path).known;
}

/** The fault an issuer path names: /oauth names none; /oauth/fault/NAME names NAME when it is one. */
export function readIssuerFault(issuerPath: string): { known: boolean; fault: SandboxFault | undefined } {
  if (issuerPath === AUTHORIZATION_SERVER_PATH) return { known: true, fault: undefined };
  const prefix = `${AUTHORIZATION_SERVER_PATH}${FAULT_SEGMENT}`;
  if (!issuerPath.startsWith(prefix)) return { known: false, fault: undefined };
  const parsed = SandboxFaultSchema.safeParse(issuerPath.slice(prefix.length));
  return parsed.success ? { known: true, fault: parsed.data } : { known: false, fault: undefined };
}
