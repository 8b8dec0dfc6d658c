import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { McpServer as McpServerV1 } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport as StreamableHTTPServerTransportV1 } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { McpServer, createMcpHandler, type McpServerOptions } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { startCrossOriginServer } from './start-cross-origin-server.ts';

/**
 * MCP servers this project did not write, started by a test on 127.0.0.1: the released v1
 * SDK's McpServer with sessions (it speaks 2025-11-25 only), and a v2 SDK server (both eras)
 * that may sit behind a bearer-token check. Each answers CORS for any origin, so a page on
 * the app's origin can call it too (the e2e specs), and exposes the headers a host reads.
 */

export type ThirdPartyServer = {
  /** The MCP endpoint. */
  url: string;
  /** Every Authorization header the server received, in order (the token check reads it). */
  receivedAuthorization: (string | undefined)[];
  /** The params._meta of each tools/call as the server's SDK handed it to the tool (the v2 server only). */
  receivedToolMeta: Record<string, unknown>[];
  close: () => Promise<void>;
};

/** The tool both servers offer, written as each SDK's README writes its example. */
const ADD_DESCRIPTION = 'Adds two numbers';
const describeSum = (a: number, b: number) => String(a + b);

function createV1Server(): McpServerV1 {
  const server = new McpServerV1({ name: 'sdk-v1-test-server', version: '1.0.0' });
  server.registerTool('add', { description: ADD_DESCRIPTION, inputSchema: { a: z.number(), b: z.number() } }, ({ a, b }) => ({
    content: [{ type: 'text', text: describeSum(a, b) }],
  }));
  return server;
}

/**
 * The v1 SDK server as its README sets it up with sessions: one transport per session,
 * found again by the Mcp-Session-Id header; a request without a known session that is not
 * an initialize gets the SDK's own 400 ("Bad Request: No valid session ID provided").
 * `enableJsonResponse` makes it answer each POST in JSON rather than an event stream;
 * `register` adds tools of the test's own.
 */
export async function startSdkV1Server({
  enableJsonResponse = false,
  register,
}: { enableJsonResponse?: boolean; register?: (server: McpServerV1) => void } = {}): Promise<ThirdPartyServer> {
  const transports = new Map<string, StreamableHTTPServerTransportV1>();
  const receivedAuthorization: (string | undefined)[] = [];
  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    receivedAuthorization.push(request.headers.authorization);
    const sessionId = request.headers['mcp-session-id'];
    const known = typeof sessionId === 'string' ? transports.get(sessionId) : undefined;
    if (known) {
      await known.handleRequest(request, response);
      return;
    }
    const body = request.method === 'POST' ? await readJson(request) : undefined;
    if (!isInitialize(body)) {
      response.writeHead(400, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message: 'Bad Request: No valid session ID provided' }, id: null }));
      return;
    }
    const transport: StreamableHTTPServerTransportV1 = new StreamableHTTPServerTransportV1({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => void transports.set(id, transport),
      enableJsonResponse,
    });
    transport.onclose = () => {
      if (transport.sessionId) transports.delete(transport.sessionId);
    };
    const server = createV1Server();
    register?.(server);
    await server.connect(transport);
    await transport.handleRequest(request, response, body);
  };
  const listening = await startCrossOriginServer((request, response) => void handle(request, response));
  return {
    url: `${listening.url}/mcp`,
    receivedAuthorization,
    receivedToolMeta: [],
    close: async () => {
      for (const transport of transports.values()) await transport.close().catch(() => {});
      await listening.close();
    },
  };
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(Buffer.from(chunk as Uint8Array));
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    return undefined;
  }
}

const InitializeSchema = z.object({ method: z.literal('initialize') });
function isInitialize(body: unknown): boolean {
  return InitializeSchema.safeParse(body).success;
}

/**
 * A v2 SDK server (McpServer through createMcpHandler: both eras), optionally behind a
 * check of the Authorization header, as a server that needs a bearer token is. A refused
 * request gets 401 with a WWW-Authenticate challenge, as RFC 6750 has it. `echoToken`
 * makes its tool repeat the token in the result, as a careless server might.
 */
export async function startSdkV2Server({ bearerToken, echoToken = false }: { bearerToken?: string; echoToken?: boolean } = {}): Promise<ThirdPartyServer> {
  const receivedToolMeta: Record<string, unknown>[] = [];
  const handler = toNodeHandler(
    createMcpHandler(() => {
      const server = new McpServer({ name: 'sdk-v2-test-server', version: '1.0.0' });
      server.registerTool('add', { description: ADD_DESCRIPTION, inputSchema: z.object({ a: z.number(), b: z.number() }) }, ({ a, b }, context) => {
        receivedToolMeta.push({ ...context.mcpReq._meta });
        // A careless server repeats the caller's credentials (a debugging line left in): the host must not.
        return { content: [{ type: 'text', text: echoToken ? `${describeSum(a, b)} (authorized as ${bearerToken})` : describeSum(a, b) }] };
      });
      return server;
    }),
  );
  const receivedAuthorization: (string | undefined)[] = [];
  const listening = await startCrossOriginServer((request, response) => {
    receivedAuthorization.push(request.headers.authorization);
    if (bearerToken !== undefined && request.headers.authorization !== `Bearer ${bearerToken}`) {
      response.writeHead(401, {
        'content-type': 'application/json',
        'www-authenticate': `Bearer realm="sdk-v2-test-server", error="invalid_token", error_description="A bearer token is required"`,
      });
      response.end(JSON.stringify({ error: 'invalid_token', error_description: 'A bearer token is required' }));
      return;
    }
    void handler(request, response);
  });
  return { url: `${listening.url}/mcp`, receivedAuthorization, receivedToolMeta, close: listening.close };
}

/**
 * A v2 SDK server (McpServer through createMcpHandler, both eras) with the tools `register`
 * gives it, written as any server on that SDK is: each call's arguments are checked by the
 * SDK against the tool's own schema (zod, or a JSON Schema through `fromJsonSchema`, which
 * validates with ajv), and refused with the SDK's own words when they do not fit. `options`
 * go to its McpServer as they are (cacheHints: what its 2026-07-28 lists say of their freshness).
 */
export async function startSdkV2ToolServer(register: (server: McpServer) => void, options?: McpServerOptions): Promise<ThirdPartyServer> {
  const handler = toNodeHandler(
    createMcpHandler(() => {
      const server = new McpServer({ name: 'sdk-v2-schema-server', version: '1.0.0' }, options);
      register(server);
      return server;
    }),
  );
  const listening = await startCrossOriginServer((request, response) => void handler(request, response));
  return { url: `${listening.url}/mcp`, receivedAuthorization: [], receivedToolMeta: [], close: listening.close };
}
