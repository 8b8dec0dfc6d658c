import { Client, StreamableHTTPClientTransport, type CallToolResult, type FetchLike, type Tool } from '@modelcontextprotocol/client';
import { passUrlGate } from '../../src/trace/index.ts';

/**
 * The mock model's own MCP client, for provider-side MCP: as OpenAI's and Anthropic's
 * servers do, the mock connects to the server URL the request names, lists its tools and
 * calls one, with the official MCP SDK client over Streamable HTTP. Every message of that
 * hop is really sent (the built-in server can keep a record of them); nothing is made up.
 */

/** How far the mock's MCP client may reach, and by what fetch: the network in Node, the app itself in the Service Worker. */
export type ProviderMcpReach = {
  fetch: FetchLike;
  /**
   * `any`: any URL that passes the URL gate (https, or http to this machine), as on a
   * server bound to loopback or in the page's own Service Worker. `own`: only this app's
   * own MCP endpoints, for a server reachable beyond this machine, where the mock must not
   * become a way to make the server send requests anywhere.
   */
  servers: 'any' | 'own';
};

/** Each MCP request of the hop is bounded: a server that never answers ends the provider's reply with an error, not a hang. */
export const PROVIDER_MCP_REQUEST_MS = 30_000;

const CLIENT_INFO = { name: 'mock-provider-mcp-client', version: '0.1.0' };

/** The paths of this app's MCP endpoints, for `own`. */
const OWN_MCP_PATH = /^\/mcp(\/(toolbox|sessions|conformance|protected))?$/;

export class ProviderMcpError extends Error {
  constructor(
    message: string,
    /** The server could not be reached or refused the hop (not a tool that failed). */
    readonly stage: 'url' | 'connect' | 'list' | 'call',
  ) {
    super(message);
    this.name = 'ProviderMcpError';
  }
}

/** Why the mock will not call this server URL, in words, or undefined when it may. */
export function refuseServerUrl({ text, reach, requestUrl }: { text: string; reach: ProviderMcpReach; requestUrl: string }): string | undefined {
  const gated = passUrlGate({ text });
  if (!gated.ok) return `The MCP server URL was refused: ${gated.reason}.`;
  if (reach.servers === 'any') return undefined;
  const url = new URL(gated.url);
  const own = new URL(requestUrl);
  if (url.origin === own.origin && OWN_MCP_PATH.test(url.pathname)) return undefined;
  return `This server is reachable beyond this machine, so its mock model calls only the server's own MCP endpoints (${own.origin}/mcp…), not ${url.origin}.`;
}

export type ProviderMcpSession = {
  listTools: () => Promise<Tool[]>;
  callTool: (call: { name: string; arguments: Record<string, unknown> }) => Promise<CallToolResult>;
  close: () => Promise<void>;
};

function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Connects the mock's MCP client (the 2025-11-25 handshake, as deployed clients speak it) to the server. */
export async function openProviderMcpSession({
  url,
  headers,
  reach,
  signal,
}: {
  url: string;
  headers: Record<string, string>;
  reach: ProviderMcpReach;
  signal: AbortSignal;
}): Promise<ProviderMcpSession> {
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    fetch: reach.fetch,
    ...(Object.keys(headers).length > 0 ? { requestInit: { headers } } : {}),
  });
  const client = new Client(CLIENT_INFO, { versionNegotiation: { mode: 'legacy' } });
  const options = { timeout: PROVIDER_MCP_REQUEST_MS, signal };
  try {
    await client.connect(transport, options);
  } catch (error) {
    await client.close().catch(() => {});
    throw new ProviderMcpError(`Could not connect to the MCP server: ${describeError(error)}`, 'connect');
  }
  return {
    async listTools() {
      try {
        return (await client.listTools(undefined, options)).tools;
      } catch (error) {
        throw new ProviderMcpError(`tools/list failed: ${describeError(error)}`, 'list');
      }
    },
    async callTool(call) {
      try {
        // A progress token, so the server's own reports of its stages go to this client, as they would to the host's.
        return await client.callTool(call, { ...options, onprogress: () => {} });
      } catch (error) {
        throw new ProviderMcpError(describeError(error), 'call');
      }
    },
    close: () => client.close().catch(() => {}),
  };
}
