import { Client, StreamableHTTPClientTransport, type FetchLike } from '@modelcontextprotocol/client';
import type { Era } from '../trace/trace.ts';
import { readHttpStatus } from './faults.ts';
import { WAIT_FOR_LEARNER_MS } from './timeouts.ts';

const CLIENT_INFO = { name: 'mcp-lifecycle-explorer-host', version: '0.1.0' };

/**
 * The host's MCP client: the official SDK Client over Streamable HTTP, with the recording
 * fetch. A server that forgets the session answers 404; the spec then asks the client to
 * start a new session, which the host does (the learner sees the whole handshake again)
 * before sending the same request once more.
 */
export class McpConnection {
  private client: Client | undefined;
  private transport: StreamableHTTPClientTransport | undefined;

  constructor(
    private readonly options: {
      url: URL;
      era: Era;
      fetch: FetchLike;
      /** Called when a session was lost, before the host starts a new one. */
      onSessionLost: () => Promise<void>;
    },
  ) {}

  get protocolVersion(): string | null {
    return this.transport?.protocolVersion ?? null;
  }

  get sessionId(): string | undefined {
    return this.transport?.sessionId;
  }

  async connect(signal?: AbortSignal): Promise<void> {
    this.transport = new StreamableHTTPClientTransport(this.options.url, { fetch: this.options.fetch });
    this.client = new Client(CLIENT_INFO, {
      versionNegotiation: { mode: this.options.era === '2025-11-25' ? 'legacy' : { pin: '2026-07-28' } },
    });
    await this.client.connect(this.transport, { timeout: WAIT_FOR_LEARNER_MS, ...(signal ? { signal } : {}) });
  }

  /** Runs one client call; when the session turns out to be gone, starts a new one and runs it again. */
  async request<T>(perform: (client: Client) => Promise<T>): Promise<T> {
    if (!this.client) throw new Error('The MCP client is not connected.');
    const hadSession = this.transport?.sessionId !== undefined;
    try {
      return await perform(this.client);
    } catch (error) {
      if (!hadSession || readHttpStatus(error) !== 404) throw error;
      await this.options.onSessionLost();
      await this.client.close().catch(() => {});
      await this.connect();
      return perform(this.client);
    }
  }

  /** Ends the session the polite way (DELETE) when there is one, then closes the client. */
  async close({ terminate }: { terminate: boolean }): Promise<void> {
    if (terminate && this.transport?.sessionId) await this.transport.terminateSession().catch(() => {});
    await this.client?.close().catch(() => {});
  }
}
