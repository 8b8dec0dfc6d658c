import {
  Client,
  StreamableHTTPClientTransport,
  type ClientCapabilities,
  type FetchLike,
  type McpSubscription,
  type ServerCapabilities,
  type SubscriptionFilter,
  type Transport,
} from '@modelcontextprotocol/client';
import { TASKS_EXTENSION_ID } from '../trace/index.ts';
import type { Era } from '../trace/index.ts';
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
  private subscription: McpSubscription | undefined;
  /** Whoever waits for the next notifications/tools/list_changed (on the subscription). */
  private toolsChangedWaiters = new Set<() => void>();
  private transport: StreamableHTTPClientTransport | Transport | undefined;

  constructor(
    private readonly options: {
      /** The Streamable HTTP endpoint; none when createTransport reaches the server another way. */
      url: URL | undefined;
      /** The era this connection speaks: the Auto era makes one connection per attempt. */
      era: Era;
      fetch: FetchLike;
      /** The learner's headers for the server (a bearer token), sent with every request. */
      headers?: Record<string, string>;
      /** Another transport than Streamable HTTP to url (a stdio program the CLI starts), made anew for each connection. */
      createTransport?: () => Transport;
      /** What the client says it can do, and who answers the server's requests (sampling, elicitation). */
      capabilities?: ClientCapabilities;
      answerServerRequests?: (client: Client) => void;
      /** Called when a session was lost, before the host starts a new one. */
      onSessionLost: () => Promise<void>;
      /** Called when the server refused a request's authorization (401, 403): true when the request may go again, with a new token. */
      onRefused?: (error: unknown) => Promise<boolean>;
    },
  ) {}

  get protocolVersion(): string | null {
    const transport = this.transport;
    if (transport instanceof StreamableHTTPClientTransport) return transport.protocolVersion ?? null;
    return this.client?.getNegotiatedProtocolVersion() ?? null;
  }

  get era(): Era {
    return this.options.era;
  }

  get sessionId(): string | undefined {
    return this.transport?.sessionId;
  }

  /** What the server said it offers (initialize, or server/discover); undefined before the connection. */
  get serverCapabilities(): ServerCapabilities | undefined {
    return this.client?.getServerCapabilities();
  }

  async connect(signal?: AbortSignal): Promise<void> {
    const { url, createTransport } = this.options;
    const headers = this.options.headers ?? {};
    if (createTransport) this.transport = createTransport();
    else if (url) {
      this.transport = new StreamableHTTPClientTransport(url, {
        fetch: this.options.fetch,
        ...(Object.keys(headers).length > 0 ? { requestInit: { headers } } : {}),
      });
    } else throw new Error('The MCP connection has neither a URL nor a transport.');
    this.client = new Client(CLIENT_INFO, {
      ...(this.options.capabilities ? { capabilities: this.declareCapabilities(this.options.capabilities) } : {}),
      versionNegotiation: { mode: this.options.era === '2025-11-25' ? 'legacy' : { pin: '2026-07-28' } },
    });
    this.options.answerServerRequests?.(this.client);
    this.client.setNotificationHandler('notifications/tools/list_changed', () => {
      for (const wake of this.toolsChangedWaiters) wake();
    });
    await this.client.connect(this.transport, { timeout: WAIT_FOR_LEARNER_MS, ...(signal ? { signal } : {}) });
  }

  /**
   * In 2026-07-28 the host takes tasks as the extension defines them, so each request
   * declares it (a server makes a task only for a request that did); 2025-11-25 has no
   * client side to declare for the tasks a server runs.
   */
  private declareCapabilities(capabilities: ClientCapabilities): ClientCapabilities {
    if (this.options.era !== '2026-07-28') return capabilities;
    return { ...capabilities, extensions: { ...capabilities.extensions, [TASKS_EXTENSION_ID]: {} } };
  }

  /** Runs one client call; when the session turns out to be gone, starts a new one and runs it again. */
  async request<T>(perform: (client: Client) => Promise<T>): Promise<T> {
    if (!this.client) throw new Error('The MCP client is not connected.');
    const hadSession = this.transport?.sessionId !== undefined;
    try {
      return await perform(this.client);
    } catch (error) {
      // A token that expired or lacks a scope: the flow gets a new one, and the request goes once more.
      if (this.options.onRefused && (await this.options.onRefused(error))) return perform(this.client);
      if (!hadSession || readHttpStatus(error) !== 404) throw error;
      await this.options.onSessionLost();
      await this.client.close().catch(() => {});
      await this.connect();
      return perform(this.client);
    }
  }

  /**
   * A DELETE of the session the transport still holds, sent through the connection's fetch
   * rather than the SDK's terminateSession: that one shares the client's signal, which a
   * reset run has already aborted. False when there is no session to end.
   */
  async endSession(): Promise<boolean> {
    const transport = this.transport;
    const url = this.options.url;
    if (!(transport instanceof StreamableHTTPClientTransport) || !transport.sessionId || !url) return false;
    const headers: Record<string, string> = { ...this.options.headers, 'mcp-session-id': transport.sessionId };
    if (transport.protocolVersion) headers['mcp-protocol-version'] = transport.protocolVersion;
    const response = await this.options.fetch(url, { method: 'DELETE', headers });
    await response.text().catch(() => {});
    return true;
  }

  /**
   * 2026-07-28: opens a subscriptions/listen stream for the notifications the filter names
   * (the SDK resolves once the server acknowledged it); the run's signal, or close, ends it.
   * Resolves with what the server agreed to send.
   */
  async listen(filter: SubscriptionFilter, signal: AbortSignal): Promise<SubscriptionFilter> {
    // Through request: a token refused here is refreshed, and the listen sent again, as for any other request.
    this.subscription = await this.request((client) => client.listen(filter, { signal, timeout: WAIT_FOR_LEARNER_MS }));
    return this.subscription.honoredFilter;
  }

  /** Whether a subscription for tool list changes is open (2026-07-28). */
  get listensForToolChanges(): boolean {
    return this.subscription?.honoredFilter.toolsListChanged === true;
  }

  /** Resolves when the next notifications/tools/list_changed arrives, or after ms, or when the signal aborts. */
  waitForToolsChanged(ms: number, signal: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        this.toolsChangedWaiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      signal.addEventListener('abort', done, { once: true });
      this.toolsChangedWaiters.add(done);
    });
  }

  /** Ends the subscription (if one is open), then the session the polite way (DELETE) when there is one, then closes the client. */
  async close({ terminate }: { terminate: boolean }): Promise<void> {
    const subscription = this.subscription;
    this.subscription = undefined;
    await subscription?.close().catch(() => {});
    if (terminate && this.transport instanceof StreamableHTTPClientTransport && this.transport.sessionId)
      await this.transport.terminateSession().catch(() => {});
    await this.client?.close().catch(() => {});
  }
}
