import { isJSONRPCErrorResponse, isJSONRPCNotification, isJSONRPCRequest, isJSONRPCResultResponse, type JSONRPCMessage, type JSONRPCRequest } from '@modelcontextprotocol/server';
type RequestId = JSONRPCRequest['id'];
import { BRIDGE_SSE_EVENT, STDIO_BRIDGE_PATH, type BridgeFrame, type BridgeListing } from '../../src/trace/bridge-frames.ts';
import type { StdioBridgeRoutes } from '../http/create-app.ts';
import { createJsonRpcErrorResponse } from '../http/json-rpc-errors.ts';
import { refuseUnreadBody } from '../http/json-rpc-body.ts';
import { exceedsJsonNesting } from '../shared/json-nesting.ts';
import { MAX_REQUEST_BODY_BYTES, readBoundedBody } from '../http/read-bounded-body.ts';
import type { NamedStdioCommand } from './parse-stdio-command.ts';
import { startStdioProcess, type StdioLine, type StdioProcess } from './stdio-process.ts';

/**
 * The stdio bridge: each program named by --stdio NAME=… runs as a child process, and
 * /mcp/stdio/NAME serves it as Streamable HTTP (stateless, POST only), so the page's SDK
 * client reaches it over real HTTP as it reaches any server. Each POST's message goes to
 * the process's stdin as one line; a request's answer comes back in an event stream that
 * also carries, as `bridge` events, the lines the bridge wrote and read and the process's
 * stderr: the host records them as the bridge's own steps.
 *
 * The bridge numbers the ids it writes itself (several pages may share one process) and
 * gives each answer its client's id back. Lines with no open stream to carry them (a
 * notification's line, stderr between runs) wait, bounded, for the next stream.
 */

const MAX_QUEUED_FRAMES = 200;
const encoder = new TextEncoder();

type EventStream = { send: (event: string, data: unknown) => void; close: () => void; closed: () => boolean };
type PendingCall = { clientId: RequestId; stream: EventStream; progressToken: unknown };

function openEventStream(): { stream: EventStream; body: ReadableStream<Uint8Array> } {
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  let closed = false;
  const body = new ReadableStream<Uint8Array>({
    start: (start) => {
      controller = start;
    },
    cancel: () => {
      closed = true;
    },
  });
  return {
    body,
    stream: {
      send(event, data) {
        if (!closed) controller?.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
      },
      close() {
        if (closed) return;
        closed = true;
        controller?.close();
      },
      closed: () => closed,
    },
  };
}

function readMessage(value: unknown): JSONRPCMessage | undefined {
  if (isJSONRPCRequest(value) || isJSONRPCNotification(value) || isJSONRPCResultResponse(value) || isJSONRPCErrorResponse(value)) return value;
  return undefined;
}

function parseLine(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
}

class Bridge {
  private process: StdioProcess | undefined;
  private readonly pending = new Map<number, PendingCall>();
  private readonly queued: BridgeFrame[] = [];
  private dropped = 0;
  private nextId = 1;
  private readonly recentStderr: string[] = [];

  constructor(
    readonly server: NamedStdioCommand,
    private readonly log: (line: string) => void,
  ) {}

  get running(): boolean {
    return this.process?.running ?? false;
  }

  async start(): Promise<void> {
    this.process = await startStdioProcess({
      command: this.server,
      onLine: (line) => this.receive(line),
      onExit: (description) => this.exited(description),
    });
  }

  stop(): Promise<void> {
    return this.process?.stop() ?? Promise.resolve();
  }

  private frame(kind: BridgeFrame['kind'], line: string, at = this.process?.now() ?? 0): BridgeFrame {
    return { kind, line, server: this.server.name, at };
  }

  /** The stream a line with no request of its own goes to: the latest call still waiting. */
  private latestStream(): EventStream | undefined {
    return [...this.pending.values()].reverse().find((call) => !call.stream.closed())?.stream;
  }

  private deliver(frame: BridgeFrame, stream = this.latestStream()): void {
    if (stream) {
      stream.send(BRIDGE_SSE_EVENT, frame);
      return;
    }
    this.queued.push(frame);
    if (this.queued.length > MAX_QUEUED_FRAMES) {
      this.queued.shift();
      this.dropped++;
    }
  }

  private flushQueue(stream: EventStream): void {
    this.queued.forEach((frame, index) => stream.send(BRIDGE_SSE_EVENT, index === 0 && this.dropped > 0 ? { ...frame, dropped: this.dropped } : frame));
    this.queued.length = 0;
    this.dropped = 0;
  }

  private receive({ stream, line, at }: StdioLine): void {
    if (stream === 'stderr') {
      this.recentStderr.push(line);
      if (this.recentStderr.length > 5) this.recentStderr.shift();
      this.deliver(this.frame('stderr', line, at));
      return;
    }
    const frame = this.frame('stdout', line, at);
    const message = readMessage(parseLine(line));
    if (message && !('method' in message) && typeof message.id === 'number' && this.pending.has(message.id)) {
      const call = this.pending.get(message.id)!;
      this.pending.delete(message.id);
      call.stream.send(BRIDGE_SSE_EVENT, frame);
      call.stream.send('message', { ...message, id: call.clientId });
      call.stream.close();
      return;
    }
    const token = message && 'method' in message ? message.params?.progressToken ?? (message.params?._meta as { progressToken?: unknown } | undefined)?.progressToken : undefined;
    const target = (token !== undefined ? [...this.pending.values()].find((call) => call.progressToken === token)?.stream : undefined) ?? this.latestStream();
    this.deliver(frame, target);
    // A notification or a request of the server's own rides on a stream still open; with none open, only its line is kept.
    if (message && target) target.send('message', message);
  }

  private exited(description: string): void {
    this.log(`stdio server ${this.server.name} exited (${description})`);
    const frame = this.frame('exit', description);
    for (const [id, call] of this.pending) {
      call.stream.send(BRIDGE_SSE_EVENT, frame);
      call.stream.send('message', { jsonrpc: '2.0', id: call.clientId, error: { code: -32000, message: this.describeExit() } });
      call.stream.close();
      this.pending.delete(id);
    }
    this.deliver(frame);
  }

  private describeExit(): string {
    const stderr = this.recentStderr.length > 0 ? ` Its last stderr lines: ${this.recentStderr.join(' | ')}` : '';
    return `The stdio server "${this.server.name}" has exited (${this.process?.exitDescription ?? 'not started'}), so nothing can answer. Start npm start again to start it anew.${stderr}`;
  }

  async serve(request: Request): Promise<Response> {
    if (request.method !== 'POST') {
      // No session and no server-to-client stream of its own: every answer rides on its POST.
      return createJsonRpcErrorResponse(405, -32000, 'Method not allowed: the stdio bridge takes POST only (it keeps no session and opens no GET stream).', undefined, { allow: 'POST' });
    }
    const body = await readBoundedBody(request);
    if (body.tooLarge) return createJsonRpcErrorResponse(413, -32000, `Payload Too Large: Request body must not exceed ${MAX_REQUEST_BODY_BYTES} bytes`);
    // The message checks below recurse: 5,000 levels of arguments ran out of stack (a 500).
    if (exceedsJsonNesting(body.text)) return refuseUnreadBody({ kind: 'too-deep' });
    const value = parseLine(body.text);
    if (value === undefined) return createJsonRpcErrorResponse(400, -32700, 'Parse error: the body is not JSON.');
    const message = readMessage(value);
    if (!message) return createJsonRpcErrorResponse(400, -32600, 'Invalid Request: the body must be one JSON-RPC message (the bridge takes no batches).');
    const process = this.process;
    if (!process?.running) return createJsonRpcErrorResponse(502, -32000, this.describeExit());
    if (isJSONRPCRequest(message)) return this.forwardRequest(message, process);
    const line = JSON.stringify(this.mapCancel(message));
    process.writeLine(line);
    this.deliver(this.frame('stdin', line));
    return new Response(null, { status: 202 });
  }

  private forwardRequest(message: JSONRPCRequest, process: StdioProcess): Response {
    const id = this.nextId++;
    const { stream, body } = openEventStream();
    const line = JSON.stringify({ ...message, id });
    const progressToken = (message.params?._meta as { progressToken?: unknown } | undefined)?.progressToken;
    this.pending.set(id, { clientId: message.id, stream, progressToken });
    this.flushQueue(stream);
    process.writeLine(line);
    stream.send(BRIDGE_SSE_EVENT, this.frame('stdin', line));
    return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache, no-transform' } });
  }

  /** A cancel names the client's id; the process knows the call by the bridge's. */
  private mapCancel(message: JSONRPCMessage): JSONRPCMessage {
    if (!('method' in message) || message.method !== 'notifications/cancelled' || !message.params) return message;
    const requestId = message.params.requestId;
    const found = [...this.pending.entries()].reverse().find(([, call]) => call.clientId === requestId);
    return found ? { ...message, params: { ...message.params, requestId: found[0] } } : message;
  }
}

/**
 * Starts every bridged server, each before the app listens, and gives the app its route.
 * A program that cannot be started stops here, with the reason, so npm start never
 * serves a name that answers nothing.
 */
export async function startStdioBridges({ servers, log = () => {} }: { servers: NamedStdioCommand[]; log?: (line: string) => void }): Promise<StdioBridgeRoutes> {
  const bridges = new Map<string, Bridge>();
  try {
    for (const server of servers) {
      const bridge = new Bridge(server, log);
      await bridge.start();
      bridges.set(server.name, bridge);
    }
  } catch (error) {
    await Promise.all([...bridges.values()].map((bridge) => bridge.stop()));
    throw error;
  }
  return {
    list: (): BridgeListing['servers'] => [...bridges.values()].map((bridge) => ({ name: bridge.server.name, path: `${STDIO_BRIDGE_PATH}/${bridge.server.name}`, running: bridge.running })),
    serve: (name, request) => bridges.get(name)?.serve(request),
    close: async () => {
      await Promise.all([...bridges.values()].map((bridge) => bridge.stop()));
    },
  };
}
