import type { z } from 'zod';
import { decideMockReply } from './decide-mock-reply.ts';
import { isSamplingStyleRequest } from './decide-sampling-reply.ts';
import { readMockVariant } from './mock-variants.ts';
import type { MockReply, MockTool, MockToolExchange } from './mock-reply.ts';
import { jsonResponse } from '../shared/index.ts';
import { writeStreamResponse, type MockStream } from './mock-stream.ts';
import { breakOffBody, breakOffStream } from './break-off-reply.ts';
import type { ProviderMcpReach } from './provider-mcp-client.ts';

/**
 * The request handling every mock endpoint shares, in the order a real provider applies
 * it: the method, what the request line and headers alone refuse, the JSON, the schema,
 * what the body asks that the mock does not do (stored state), the conversation, then the
 * mock's decision in the wire's reply shape: whole, or streamed in the wire's frames when
 * the request asks for a stream. A wire describes only what is its own, and every refusal
 * leaves in that provider's error envelope, so its SDK shows it as usual.
 */

/** A refusal as a provider words one: a status, a message and, for OpenAI, the faulty parameter and the error's type. */
export type MockFault = { status: number; message: string; param?: string | null; type?: string };

/** Thrown by a wire for a refusal that is not the request's fault alone (a 424: the MCP server the request named failed). */
export class MockFaultError extends Error {
  constructor(readonly fault: MockFault) {
    super(fault.message);
  }
}

/** What a mock endpoint is given besides the request: how far the mock's own MCP client may reach (provider-side MCP). */
export type MockContext = { reach: ProviderMcpReach };

/** Thrown by a wire while it checks or reads a request: the request is refused with a 400. */
export class MockRequestFault extends Error {
  constructor(
    message: string,
    readonly param?: string | null,
  ) {
    super(message);
  }
}

/** What the mock's brain decides on, read from one wire's request. */
export type MockConversation = { model: string | undefined; question: string; tools: MockTool[]; exchanges: MockToolExchange[] };

/** A 200 answer: the body in the wire's shape, and the reasoning note when the wire rewords the brain's. */
export type MockAnswer<Answer = unknown> = { body: Answer; reasoning?: string; headers?: Record<string, string> };

export type MockWire<Body, Answer = unknown> = {
  /** Only the fields the mock reads; a real provider accepts the rest, so the schema passes them through. */
  requestSchema: z.ZodType<Body>;
  describeWrongMethod: (method: string) => string;
  invalidJsonMessage: string;
  describeSchemaIssue: (issue: z.core.$ZodIssue | undefined) => { message: string; param?: string | null };
  writeError: (fault: MockFault) => Response;
  /** Refuses, by throwing a MockRequestFault, what the request line and headers show before any body is read. */
  checkRequest?: (request: Request) => void;
  /** Refuses, by throwing a MockRequestFault, what the body asks of the mock that it does not do: stored state. */
  checkBody?: (body: Body) => void;
  /** The question, tools and tool results; throws a MockRequestFault where the provider would refuse the conversation. */
  readConversation: (input: { body: Body; request: Request }) => MockConversation;
  writeAnswer: (input: { reply: MockReply; body: Body; conversation: MockConversation }) => MockAnswer<Answer>;
  /** Whether the request asks for the answer streamed (a body field, or Gemini's path); throws a MockRequestFault for a stream the provider would refuse. */
  asksForStream?: (input: { body: Body; request: Request }) => boolean;
  /** The whole answer cut into the frames this provider streams it in. */
  streamAnswer?: (input: { answer: Answer; body: Body }) => MockStream;
  /** The interrupted habit's stream, for a format whose end is not its last frames (breakOffStream when not given). */
  breakOffStream?: (stream: MockStream) => MockStream;
  /**
   * Provider-side MCP: when the request hands the provider an MCP server, the whole answer
   * (the mock's own MCP client lists and calls, the brain decides); undefined for any other request.
   */
  answerWithMcp?: (input: { body: Body; request: Request; context: MockContext }) => Promise<MockAnswer<Answer>> | undefined;
};

/**
 * What a mock route serves: the methods it takes, a handler that words its own 405 for
 * the rest, and its provider's error envelope for refusals made in front of the handler.
 */
export type MockEndpoint = {
  methods: string[];
  handle: (request: Request, context: MockContext) => Promise<Response>;
  writeError: (fault: MockFault) => Response;
};

/** A provider endpoint takes a POST, as the real provider does. */
export function createMockEndpoint<Body, Answer = unknown>(wire: MockWire<Body, Answer>): MockEndpoint {
  return { methods: ['POST'], handle: (request, context) => serveMockEndpoint({ wire, request, context }), writeError: wire.writeError };
}

async function serveMockEndpoint<Body, Answer>({
  wire,
  request,
  context,
}: {
  wire: MockWire<Body, Answer>;
  request: Request;
  context: MockContext;
}): Promise<Response> {
  if (request.method !== 'POST') return wire.writeError({ status: 405, message: wire.describeWrongMethod(request.method) });
  try {
    wire.checkRequest?.(request);
    const body = parseBody({ wire, text: await request.text() });
    wire.checkBody?.(body);
    const withMcp = wire.answerWithMcp?.({ body, request, context });
    if (withMcp) {
      const answer = await withMcp;
      const headers = { ...answer.headers, ...(answer.reasoning ? { 'x-mock-reasoning': answer.reasoning } : {}) };
      if (wire.streamAnswer && wire.asksForStream?.({ body, request }))
        return writeStreamResponse({ stream: wire.streamAnswer({ answer: answer.body, body }), headers });
      return jsonResponse(200, answer.body, headers);
    }
    const conversation = wire.readConversation({ body, request });
    if (readMockVariant(conversation.model) === 'mock-model-stalling-sampling' && isSamplingStyleRequest(conversation)) await stallUntilGone(request.signal);
    const reply = decideMockReply(conversation);
    const streamed = wire.streamAnswer && wire.asksForStream?.({ body, request });
    const answer = wire.writeAnswer({ reply, body, conversation });
    const headers = { ...answer.headers, 'x-mock-reasoning': answer.reasoning ?? reply.reasoning };
    // The interrupted habit breaks off its first reply, the one that calls the tool: the host must not run half a call.
    const breaksOff = readMockVariant(conversation.model) === 'mock-model-interrupted' && conversation.exchanges.length === 0;
    if (streamed && wire.streamAnswer) {
      const stream = wire.streamAnswer({ answer: answer.body, body });
      return writeStreamResponse({ stream: breaksOff ? (wire.breakOffStream ?? breakOffStream)(stream) : stream, headers });
    }
    return breaksOff ? breakOffBody({ body: answer.body, headers }) : jsonResponse(200, answer.body, headers);
  } catch (error) {
    if (error instanceof MockRequestFault) return wire.writeError({ status: 400, message: error.message, param: error.param });
    if (error instanceof MockFaultError) return wire.writeError(error.fault);
    throw error;
  }
}

function parseBody<Body, Answer>({ wire, text }: { wire: MockWire<Body, Answer>; text: string }): Body {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new MockRequestFault(wire.invalidJsonMessage);
  }
  const parsed = wire.requestSchema.safeParse(body);
  if (parsed.success) return parsed.data;
  const { message, param } = wire.describeSchemaIssue(parsed.error.issues[0]);
  throw new MockRequestFault(message, param);
}

/**
 * The stalling variant holds a sampling request until the host gives up and goes away
 * (the request's signal), or for five minutes: long past any host's timeout, yet a
 * forgotten request does not hold the mock forever.
 */
const STALL_MS = 5 * 60 * 1000;

function stallUntilGone(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, STALL_MS);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });
}
