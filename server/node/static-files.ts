import type { IncomingMessage, ServerResponse } from 'node:http';
import sirv from 'sirv';
import { jsonResponse } from '../shared/index.ts';
import { answerBeforeBody } from './answer-before-body.ts';
import { findSecurityHeaders, type PageHashes } from './security-headers.ts';
import { findSandboxOrigin } from './app-sandbox-listener.ts';

/**
 * The built app's files at /, for every path the app (server/http) does not answer:
 * GET and HEAD only, each answer with the security headers its view needs.
 */

const STATIC_METHODS = ['GET', 'HEAD'];
/** The Allow of the files, for a method they do not take and for CONNECT, which asks this server to be a proxy. */
export const STATIC_ALLOW = [...STATIC_METHODS, 'OPTIONS'].join(', ');

export type StaticFiles = (request: IncomingMessage, response: ServerResponse) => void;

/** `pageHashes`: the built pages' inline scripts and styles, which the content security policy names. */
export function createStaticFiles({
  staticDirectory,
  pageHashes,
  viewSandboxPort,
}: {
  staticDirectory: string | undefined;
  pageHashes: PageHashes;
  viewSandboxPort?: () => number | undefined;
}): StaticFiles {
  const serveFile = staticDirectory
    ? sirv(staticDirectory, {
        single: true,
        etag: true,
        gzip: false,
        dev: false,
        setHeaders: (response) => {
          // sirv gives the path alone; the embed view's exception is in the query (the request's own URL).
          const search = new URL(response.req.url ?? '/', 'http://127.0.0.1').search;
          const port = viewSandboxPort?.();
          const viewSandbox = port === undefined ? undefined : findSandboxOrigin(response.req.headers.host, port);
          for (const [name, value] of Object.entries(findSecurityHeaders({ search, ...pageHashes, viewSandbox }))) response.setHeader(name, value);
        },
      })
    : undefined;

  return (request, response) => {
    const method = request.method ?? 'GET';
    if (method === 'OPTIONS') {
      response.writeHead(204, { allow: STATIC_ALLOW }).end();
      return;
    }
    if (!serveFile) {
      void writeResponse(
        new Response(
          'Not found. This server offers /mcp, /mcp/toolbox, /mcp/sessions, /mcp/stdio (bridged stdio servers) and the mock model under /mock (for example /mock/openai/v1).',
          { status: 404, headers: { 'content-type': 'text/plain' } },
        ),
        request,
        response,
      );
      return;
    }
    if (!STATIC_METHODS.includes(method)) {
      void writeResponse(
        jsonResponse(405, { error: `Method ${method} is not allowed for the explorer's files: use GET.` }, { allow: STATIC_ALLOW }),
        request,
        response,
      );
      return;
    }
    serveFile(request, response, () => {
      response.writeHead(404).end('Not found');
    });
  };
}

/** A short answer written without reading the request body: what is left of one is read and dropped, up to a bound, so the client can read the answer. */
export async function writeResponse(answer: Response, request: IncomingMessage, response: ServerResponse): Promise<void> {
  await answerBeforeBody({ answer, incoming: request, outgoing: response });
}
