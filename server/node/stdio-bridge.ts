import {
  isJSONRPCErrorResponse,
  isJSONRPCNotification,
  isJSONRPCRequest,
  isJSONRPCResultResponse,
  type JSONRPCMessage,
  type JSONRPCRequest,
} from '@modelcontextprotocol/server';
import { BRIDGE_SSE_EVENT, type BridgeFrame } from '../../src/trace/index.ts';
import { createJsonRpcErrorResponse, refuseUnreadBody } from '../http/index.ts';
import { exceedsJsonNesting, readBoundedBody } from '../shared/index.ts';
import { createBridgeCalls, type Call } from './bridge-calls.ts';
import { MAX_EVENT_BYTES, openEventStream, type EventStream } from './bridge-event-stream.ts';
import type { NamedStdioCommand } from './parse-stdio-command.ts';
import { copyStart, describeCutLine } from './read-lines.ts';
import { startStdioProcess, type StdioLine, type StdioProcess } from './stdio-process.ts';

/**
 * One program of the stdio bridge: a program named by --stdio NAME=… runs as a child
 * process, and /mcp/stdio/NAME serves it as Streamable HTTP (POST; which program a request
 * reaches, its session's or the shared one, is bridge-sessions.ts's), so the page's SDK
 * client reaches it over real HTTP as it reaches any server. Each POST's message goes to
 * the process's stdin as one line; a request's answer comes back in an event stream that
 * also carries, as `bridge` events, the lines the bridge wrote and read and the process's
 * stderr: the host records them as the bridge's own steps.
 *
 * Several clients may share one program (--stdio-shared, or requests with no session), and
 * one client's lines must never reach another.
 * A line goes to a call's answer only when the bridge can tie it to that call
 * (bridge-calls.ts): its answer, its progress, or, for stderr and the program's other
 * lines, being the one call in flight when the line came. A line written while no call
 * or several were in flight is nobody's the bridge can name, so it reaches no client;
 * a request of the program's that no one call can take is answered with an error by the
 * bridge itself. Only the program's start-up lines, written before any client's message
 * reached it, wait (bounded) for the first answer: they hold nothing of any client's.
 */

/** Start-up lines kept for the first answer, at most, by count and by size (1 MiB); the oldest are left out, and counted. */
const MAX_QUEUED_LINES = 200;
const MAX_QUEUED_BYTES = 1024 * 1024;
/** The stderr lines the words of an exit repeat, and how much of each. */
const RECENT_STDERR_LINES = 5;
const RECENT_STDERR_CHARS = 500;
const NO_ONE_TO_ASK = -32000;

type Queued = { frame: BridgeFrame; bytes: number };

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

function keepLatest(lines: string[], line: string): void {
  lines.push(copyStart(line, RECENT_STDERR_CHARS));
  if (lines.length > RECENT_STDERR_LINES) lines.shift();
}

export class Bridge {
  private process: StdioProcess | undefined;
  private readonly calls = createBridgeCalls({ onGiveUp: (call) => this.giveUp(call) });
  private readonly startUp: Queued[] = [];
  private startUpBytes = 0;
  private startUpDropped = 0;
  private readonly startUpStderr: string[] = [];
  /** Whether any client's message has reached the program: from then on, no line of its is a start-up line. */
  private wroteAny = false;

  constructor(
    readonly server: NamedStdioCommand,
    private readonly log: (line: string) => void,
    /** A session's own program (bridge-sessions.ts): called once it has exited, whoever ended it. Undefined for the program that outlives its clients. */
    private readonly onExited?: () => void,
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

  private write(line: string): void {
    this.wroteAny = true;
    this.process?.writeLine(line);
  }

  private receive({ stream, line, at }: StdioLine): void {
    const frame = this.frame(stream, line, at);
    const message = stream === 'stdout' ? readMessage(parseLine(line)) : undefined;
    if (message && (isJSONRPCResultResponse(message) || isJSONRPCErrorResponse(message))) {
      const call = this.calls.takeAnswered(message);
      if (call) return this.answer(call, frame, { ...message, id: call.clientId });
    }
    if (message && isJSONRPCNotification(message)) {
      const tied = this.calls.findByToken(message);
      if (tied) return void this.sendSide(tied.call, frame, tied.message);
    }
    if (message && isJSONRPCRequest(message)) return this.passProgramRequest(frame, message);
    if (!this.wroteAny) return this.queueStartUp(frame);
    const call = this.calls.findSole();
    // A notification rides with its line (an answer to no call in flight, as a line alone); a line nothing ties to one call goes to no client.
    if (call) this.sendSide(call, frame, message && isJSONRPCNotification(message) ? message : undefined);
  }

  /** A line beside a call's answer, if the answer has room; a stderr line sent is kept for the words of an exit. */
  private sendSide(call: Call, frame: BridgeFrame, message?: JSONRPCMessage): boolean {
    // A line longer than the room left cannot fit once framed: left out before it is framed at all.
    const fits = frame.line.length <= call.stream.sideRoom();
    const shown = call.dropped > 0 ? { ...frame, dropped: call.dropped } : frame;
    const events: [string, unknown][] = message
      ? [
          [BRIDGE_SSE_EVENT, shown],
          ['message', message],
        ]
      : [[BRIDGE_SSE_EVENT, shown]];
    if (!fits || !call.stream.sendSide(events)) {
      call.dropped++;
      return false;
    }
    call.dropped = 0;
    if (frame.kind === 'stderr') keepLatest(call.recentStderr, frame.line);
    return true;
  }

  /** A call's own line (written or read), cut when framed it would be larger than one event may be. */
  private sendOwnLine(stream: EventStream, frame: BridgeFrame): void {
    if (stream.send(BRIDGE_SSE_EVENT, frame)) return;
    stream.send(BRIDGE_SSE_EVENT, {
      ...frame,
      line: `${copyStart(frame.line, 200)}… (cut: framed as JSON, this line is more than the ${MAX_EVENT_BYTES} bytes one event carries)`,
    });
  }

  private answer(call: Call, frame: BridgeFrame, message: JSONRPCMessage): void {
    this.sendOwnLine(call.stream, call.dropped > 0 ? { ...frame, dropped: call.dropped } : frame);
    if (!call.stream.send('message', message)) {
      const tooLarge = `The stdio server "${this.server.name}" answered with more than the bridge passes on in one message (${MAX_EVENT_BYTES} bytes as JSON).`;
      call.stream.send('message', { jsonrpc: '2.0', id: call.clientId, error: { code: -32000, message: tooLarge } });
    }
    call.stream.close();
  }

  /** A request of the program's (sampling, elicitation, roots) goes to the one client whose call is in flight alone, or is answered here. */
  private passProgramRequest(frame: BridgeFrame, request: JSONRPCRequest): void {
    const call = this.wroteAny ? this.calls.findSole() : undefined;
    if (call && this.sendSide(call, frame, this.calls.askClient(request))) return;
    const why = call
      ? 'the answer it would go in has no room left'
      : 'it asks a client only while one call alone is in flight, and the request came with none or several in flight: whom to ask cannot be told';
    const refusal = { jsonrpc: '2.0', id: request.id, error: { code: NO_ONE_TO_ASK, message: `The bridge passed ${request.method} to no client: ${why}.` } };
    this.process?.writeLine(JSON.stringify(refusal));
  }

  private queueStartUp(frame: BridgeFrame): void {
    if (frame.kind === 'stderr') keepLatest(this.startUpStderr, frame.line);
    let bytes = Buffer.byteLength(frame.line);
    if (bytes > MAX_QUEUED_BYTES) {
      frame = { ...frame, line: describeCutLine({ start: frame.line, bytes, maxLineBytes: MAX_QUEUED_BYTES }) };
      bytes = Buffer.byteLength(frame.line);
    }
    this.startUp.push({ frame, bytes });
    this.startUpBytes += bytes;
    while (this.startUp.length > MAX_QUEUED_LINES || this.startUpBytes > MAX_QUEUED_BYTES) {
      this.startUpBytes -= this.startUp.shift()?.bytes ?? 0;
      this.startUpDropped++;
    }
  }

  /** The start-up lines go to the first answer, and to that one only. */
  private flushStartUp(call: Call): void {
    call.dropped += this.startUpDropped;
    for (const { frame } of this.startUp) this.sendSide(call, frame);
    this.startUp.length = 0;
    this.startUpBytes = 0;
    this.startUpDropped = 0;
  }

  private exited(description: string): void {
    this.log(`stdio server ${this.server.name} exited (${description})`);
    this.onExited?.();
    const frame = this.frame('exit', description);
    for (const call of this.calls.takeAll()) {
      call.stream.send(BRIDGE_SSE_EVENT, frame);
      call.stream.send('message', { jsonrpc: '2.0', id: call.clientId, error: { code: -32000, message: this.describeExit(call.recentStderr) } });
      call.stream.close();
    }
  }

  private giveUp(call: Call): void {
    const message = `The bridge stopped waiting for the stdio server "${this.server.name}" to answer: more calls are in flight than it keeps, and this one is the oldest.`;
    call.stream.send('message', { jsonrpc: '2.0', id: call.clientId, error: { code: -32000, message } });
    call.stream.close();
  }

  /** Only lines of the caller's own (or the program's start-up) are repeated: another client's stderr is not this one's to read. */
  private describeExit(stderrLines: string[]): string {
    const stderr = stderrLines.length > 0 ? ` Its last stderr lines: ${stderrLines.join(' | ')}` : '';
    return `The stdio server "${this.server.name}" has exited (${this.process?.exitDescription ?? 'not started'}), so nothing can answer. ${this.onExited ? 'Start again with initialize (a new run): it gets a new program.' : 'Start npm start again to start it anew.'}${stderr}`;
  }

  async serve(request: Request): Promise<Response> {
    const read = await readBridgeMessage(request);
    return read instanceof Response ? read : this.serveMessage(read);
  }

  /** One client's message, read from its POST (readBridgeMessage). */
  serveMessage({ message, value }: BridgeMessage): Response {
    if (!this.process?.running) return createJsonRpcErrorResponse(502, -32000, this.describeExit(this.startUpStderr));
    if (isJSONRPCRequest(message)) return this.forwardRequest(message);
    if (isJSONRPCResultResponse(message) || isJSONRPCErrorResponse(message)) {
      const answer = this.calls.takeClientAnswer(message);
      if (!answer)
        return createJsonRpcErrorResponse(
          400,
          -32600,
          `Invalid Request: no request of the stdio server's waits for an answer with id ${JSON.stringify(message.id ?? null)} (it was answered already, or never passed to a client).`,
          value,
        );
      this.write(JSON.stringify(answer));
      return new Response(null, { status: 202 });
    }
    // A cancel the bridge cannot tie to one call is not passed on.
    const written = message.method === 'notifications/cancelled' ? this.calls.mapCancel(message) : message;
    // The line is written and shown to no client: a 202 has no stream to carry it, and any other answer's is another client's.
    if (written) this.write(JSON.stringify(written));
    return new Response(null, { status: 202 });
  }

  private forwardRequest(message: JSONRPCRequest): Response {
    const { stream, body } = openEventStream();
    const { call, written } = this.calls.open(message, stream);
    this.flushStartUp(call);
    const line = JSON.stringify(written);
    this.write(line);
    this.sendOwnLine(stream, this.frame('stdin', line));
    return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache, no-transform' } });
  }
}

export type BridgeMessage = { message: JSONRPCMessage; value: unknown };

/** The one JSON-RPC message of a POST to a bridge, or the answer that refuses the request. */
export async function readBridgeMessage(request: Request): Promise<BridgeMessage | Response> {
  if (request.method !== 'POST') {
    // No server-to-client stream of its own: every answer rides on its POST.
    return createJsonRpcErrorResponse(
      405,
      -32000,
      'Method not allowed: the stdio bridge takes POST (and DELETE for a session of its own); it opens no GET stream.',
      undefined,
      { allow: 'POST' },
    );
  }
  const body = await readBoundedBody(request);
  if (body.kind !== 'text') return refuseUnreadBody(body);
  // The message checks below recurse: 5,000 levels of arguments ran out of stack (a 500).
  if (exceedsJsonNesting(body.text)) return refuseUnreadBody({ kind: 'too-deep' });
  const value = parseLine(body.text);
  if (value === undefined) return createJsonRpcErrorResponse(400, -32700, 'Parse error: the body is not JSON.');
  const message = readMessage(value);
  if (!message) return createJsonRpcErrorResponse(400, -32600, 'Invalid Request: the body must be one JSON-RPC message (the bridge takes no batches).');
  return { message, value };
}
