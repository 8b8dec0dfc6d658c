import type { JSONRPCMessage, MessageExtraInfo, Transport, TransportSendOptions } from '@modelcontextprotocol/client';
import type { MessageRecorder } from './mcp-traffic.ts';

/**
 * A transport that is not HTTP (the SDK's stdio client, started by the CLI) with the
 * recorder in the middle: each message the client sends waits at the gate and becomes a
 * step before it is written, and each message read becomes a step before the client sees
 * it. With no HTTP there is no recording fetch; the messages themselves are the frames.
 */
export class RecordingTransport implements Transport {
  onclose?: Transport['onclose'];
  onerror?: Transport['onerror'];
  onmessage?: Transport['onmessage'];

  constructor(
    private readonly inner: Transport,
    private readonly recorder: MessageRecorder,
  ) {}

  get sessionId(): string | undefined {
    return this.inner.sessionId;
  }

  setProtocolVersion = (version: string): void => {
    this.inner.setProtocolVersion?.(version);
  };

  async start(): Promise<void> {
    // The client installs its handlers on this transport before start: the inner one reports to them through here.
    this.inner.onmessage = <T extends JSONRPCMessage>(message: T, extra?: MessageExtraInfo) => {
      this.recorder.receive(message);
      this.onmessage?.(message, extra);
    };
    this.inner.onclose = () => this.onclose?.();
    this.inner.onerror = (error) => this.onerror?.(error);
    await this.inner.start();
  }

  async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    const sent = await this.recorder.send(message);
    await this.inner.send(sent, options);
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
