import { SANDBOX_HEADER, SANDBOX_HEADER_VALUE, SANDBOX_FAULTS, SandboxFaultSchema, type SandboxFault } from '../../src/trace/index.ts';
import { serveAuthorize } from './authorize-endpoint.ts';
import { checkBearerToken } from './bearer-check.ts';
import { registerClient } from './client-identity.ts';
import { describeClientMetadataDocument } from './client-metadata-document.ts';
import { describeAuthorizationServer, describeProtectedResource } from './sandbox-metadata.ts';
import { oauthError, sandboxJson } from './sandbox-responses.ts';
import { serveToken } from './token-endpoint.ts';
import { createSandboxStore, DEFAULT_SANDBOX_LIMITS, type SandboxLimits } from './sandbox-store.ts';
import { renderRefusalPage } from './consent-page.ts';
import { findSandboxRoute, isSandboxPath, readIssuerFault, type SandboxRoute } from './sandbox-urls.ts';

/**
 * The built-in authorization sandbox, web-standard so that `npm start` and the static
 * site's Service Worker serve the same one: /mcp/protected behind a bearer token, its
 * protected resource metadata, and an authorization server at /oauth (metadata, consent,
 * token, registration, client metadata documents). A fault chosen with
 * /mcp/protected?fault=NAME travels in the resource URL into the metadata, which names the
 * authorization server at /oauth/fault/NAME: the host's ordinary discovery reaches it.
 */

export type AuthorizationSandboxOptions = Partial<SandboxLimits> & {
  /** The site's folder as clients address it ("/" for npm start, the site's folder in the Service Worker): every URL the sandbox writes starts there. */
  basePath?: string;
  /** How client metadata documents are fetched (the platform's fetch by default). */
  fetchDocument?: typeof fetch;
  now?: () => number;
};

export type AuthorizationSandbox = {
  handles: (pathname: string) => boolean;
  /** A sandbox request; for /mcp/protected, `serveMcp` answers once the token is good. */
  fetch: (request: Request, pathname: string, serveMcp: (request: Request) => Promise<Response>) => Promise<Response>;
  /** The 405 (with Allow) a sandbox path gives a method it does not take, 404 off its routes; undefined when the method is taken. */
  refuseMethod: (method: string, pathname: string) => Response | undefined;
};

/** The methods each route of the authorization server takes (OPTIONS, a preflight, is answered by the app before any route), and why. */
const ROUTE_METHODS: Record<Exclude<SandboxRoute['kind'], 'protected-mcp'>, { allow: string[]; takes: string }> = {
  'resource-metadata': { allow: ['GET', 'HEAD'], takes: 'The protected resource metadata is a document to GET (RFC 9728).' },
  'authorization-server-metadata': { allow: ['GET', 'HEAD'], takes: 'The authorization server metadata is a document to GET (RFC 8414).' },
  authorize: { allow: ['GET', 'POST'], takes: 'The authorization endpoint takes GET (the request) and POST (the answer on the consent page).' },
  token: { allow: ['POST'], takes: 'The token endpoint takes a POST of an application/x-www-form-urlencoded form.' },
  register: { allow: ['POST'], takes: 'Register a client with a POST of its metadata as JSON (RFC 7591).' },
  'client-metadata': { allow: ['GET', 'HEAD'], takes: "The explorer's client metadata document is a document to GET." },
};

function answerNotFound(pathname: string): Response {
  return oauthError(
    404,
    'not_found',
    `Nothing at ${pathname}. The sandbox's authorization server is at /oauth (and /oauth/fault/NAME for ${SANDBOX_FAULTS.join(', ')}).`,
  );
}

/** 405 with Allow for a method the route does not take: the consent endpoint as a page (a browser reads it), the others as an OAuth error. /mcp/protected is the MCP handler's to answer. */
function refuseRouteMethod(method: string, route: SandboxRoute): Response | undefined {
  if (route.kind === 'protected-mcp') return undefined;
  const { allow, takes } = ROUTE_METHODS[route.kind];
  if (allow.includes(method)) return undefined;
  const problem = `${takes} ${method} is not one of ${allow.join(', ')}.`;
  if (route.kind !== 'authorize') return oauthError(405, 'invalid_request', problem, { allow: allow.join(', ') });
  const page = renderRefusalPage({ status: 405, problem });
  page.headers.set('allow', allow.join(', '));
  return page;
}

export function createAuthorizationSandbox(options: AuthorizationSandboxOptions = {}): AuthorizationSandbox {
  const { basePath = '/', fetchDocument = (input, init) => fetch(input, init), now = () => Date.now(), ...limits } = options;
  const store = createSandboxStore({ limits: { ...DEFAULT_SANDBOX_LIMITS, ...limits }, now });

  async function serve(request: Request, pathname: string, serveMcp: (request: Request) => Promise<Response>): Promise<Response> {
    const route = findSandboxRoute(pathname);
    const origin = new URL(request.url).origin;
    if (!route) return answerNotFound(pathname);
    const methodRefusal = refuseRouteMethod(request.method, route);
    if (methodRefusal) return methodRefusal;
    if (route.kind === 'protected-mcp' || route.kind === 'resource-metadata') {
      const fault = readQueryFault(request);
      if (!fault.ok) return oauthError(400, 'invalid_request', fault.problem);
      const place = { origin, basePath, fault: fault.fault };
      if (route.kind === 'resource-metadata') return sandboxJson(200, describeProtectedResource(place));
      const refusal = await checkBearerToken({ request, store, place });
      if (refusal) return refusal;
      const answer = await serveMcp(request);
      const headers = new Headers(answer.headers);
      headers.set(SANDBOX_HEADER, SANDBOX_HEADER_VALUE);
      return new Response(answer.body, { status: answer.status, statusText: answer.statusText, headers });
    }
    const place = { origin, basePath, fault: route.kind === 'client-metadata' ? undefined : readIssuerFault(route.issuerPath).fault };
    switch (route.kind) {
      case 'authorization-server-metadata':
        return sandboxJson(200, describeAuthorizationServer(place));
      case 'authorize':
        return serveAuthorize({ request, store, place, fetchDocument });
      case 'token':
        return serveToken({ request, store, place });
      case 'register':
        return registerClient({ request, store, origin });
      case 'client-metadata':
        // The explorer's document, not the server's: an authorization server fetches it to learn who the client is.
        return sandboxJson(200, describeClientMetadataDocument({ origin, basePath }));
      default: {
        const unreachable: never = route;
        return unreachable;
      }
    }
  }

  function refuseMethod(method: string, pathname: string): Response | undefined {
    const route = findSandboxRoute(pathname);
    return route ? refuseRouteMethod(method, route) : answerNotFound(pathname);
  }

  return { handles: isSandboxPath, fetch: serve, refuseMethod };
}

function readQueryFault(request: Request): { ok: true; fault: SandboxFault | undefined } | { ok: false; problem: string } {
  const value = new URL(request.url).searchParams.get('fault');
  if (value === null) return { ok: true, fault: undefined };
  const parsed = SandboxFaultSchema.safeParse(value);
  return parsed.success
    ? { ok: true, fault: parsed.data }
    : { ok: false, problem: `No failure switch is called ${value}. The switches are ${SANDBOX_FAULTS.join(', ')}.` };
}
