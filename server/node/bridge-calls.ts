import { randomUUID } from 'node:crypto';
import type {
  JSONRPCErrorResponse,
  JSONRPCMessage,
  JSONRPCNotification,
  JSONRPCRequest,
  JSONRPCResultResponse,
  ProgressToken,
} from '@modelcontextprotocol/server';
import type { EventStream } from './bridge-event-stream.ts';

/**
 * The calls in flight through one bridged program, and what ties a line of the program's
 * to one of them. Several clients share the program and the bridge cannot tell them apart
 * (the bridge keeps no session), so it ties a line to a call only by what the line says:
 * the id the bridge gave the call, the progress token the bridge gave it, or the id the
 * bridge gave a request of the program's that it passed to the call's client. The ids and
 * tokens a client chose are never written to the program: two clients may choose the same.
 */

type RequestId = JSONRPCRequest['id'];

export type Call = {
  /** The id the bridge wrote, unique among the program's calls. */
  bridgeId: number;
  clientId: RequestId;
  /** The client's progress token, written as the bridge id. */
  clientToken: ProgressToken | undefined;
  stream: EventStream;
  /** Side lines left out of this call's answer since the last one sent. */
  dropped: number;
  /** The call's own latest stderr lines, for the words its client gets if the program exits. */
  recentStderr: string[];
};

/** Calls in flight at most; one more gives up the oldest (a program that never answers must not hold memory for ever). */
const MAX_PENDING_CALLS = 256;
/** Requests of the program's waiting for a client's answer, at most. */
const MAX_ASKED = 256;

export type BridgeCalls = ReturnType<typeof createBridgeCalls>;

export function createBridgeCalls({ onGiveUp }: { onGiveUp: (call: Call) => void }) {
  const pending = new Map<number, Call>();
  let nextId = 1;

  return {
    ...createAskedRequests(),

    /** Opens a call for a client's request; returns it and the request as the program is to read it. */
    open(request: JSONRPCRequest, stream: EventStream): { call: Call; written: JSONRPCRequest } {
      const bridgeId = nextId++;
      const clientToken = request.params?._meta?.progressToken;
      const call: Call = { bridgeId, clientId: request.id, clientToken, stream, dropped: 0, recentStderr: [] };
      pending.set(bridgeId, call);
      if (pending.size > MAX_PENDING_CALLS) {
        const [oldest] = pending.values();
        if (oldest) {
          pending.delete(oldest.bridgeId);
          onGiveUp(oldest);
        }
      }
      const params =
        request.params && clientToken !== undefined ? { ...request.params, _meta: { ...request.params._meta, progressToken: bridgeId } } : request.params;
      return { call, written: { ...request, id: bridgeId, ...(params ? { params } : {}) } };
    },

    /** The call a response of the program's answers, taken out of the calls in flight. */
    takeAnswered(message: JSONRPCResultResponse | JSONRPCErrorResponse): Call | undefined {
      const call = typeof message.id === 'number' ? pending.get(message.id) : undefined;
      if (call) pending.delete(call.bridgeId);
      return call;
    },

    /** The call a notification names by its progress token, with the notification as its client knows it. */
    findByToken(message: JSONRPCNotification): { call: Call; message: JSONRPCNotification } | undefined {
      const token = message.params?.progressToken ?? message.params?._meta?.progressToken;
      const call = typeof token === 'number' ? pending.get(token) : undefined;
      if (!call || call.clientToken === undefined) return undefined;
      const params =
        message.params?.progressToken === token
          ? { ...message.params, progressToken: call.clientToken }
          : { ...message.params, _meta: { ...message.params?._meta, progressToken: call.clientToken } };
      return { call, message: { ...message, params } };
    },

    /**
     * The call a line nothing ties to belongs to: the one call in flight, when there is
     * exactly one. With none or several in flight the line is nobody's the bridge can name.
     */
    findSole(): Call | undefined {
      if (pending.size !== 1) return undefined;
      const [only] = pending.values();
      return only;
    },

    /** Every call in flight, taken out (the program has exited). */
    takeAll(): Call[] {
      const calls = [...pending.values()];
      pending.clear();
      return calls;
    },

    /**
     * A client's cancel names its own id: the program knows the call by the bridge's. Only a
     * cancel that names exactly one call in flight is passed on; one that names none, or
     * an id two clients' calls share, is not a guess the bridge makes.
     */
    mapCancel(message: JSONRPCNotification): JSONRPCNotification | undefined {
      const requestId = message.params?.requestId;
      const named = [...pending.values()].filter((call) => call.clientId === requestId);
      const [only] = named;
      if (named.length !== 1 || !only) return undefined;
      return { ...message, params: { ...message.params, requestId: only.bridgeId } };
    },
  };
}

/** Requests of the program's passed to a client, each under an unguessable id only that client was given. */
function createAskedRequests() {
  const asked = new Map<string, RequestId>();
  return {
    /** A request of the program's, as the one client it is passed to reads it: under a fresh id no other client can guess. */
    askClient(request: JSONRPCRequest): JSONRPCRequest {
      const id = randomUUID();
      asked.set(id, request.id);
      if (asked.size > MAX_ASKED) {
        const [oldest] = asked.keys();
        if (oldest !== undefined) asked.delete(oldest);
      }
      return { ...request, id };
    },

    /** A client's answer to a request of the program's, with the program's id back; undefined when no such request waits. */
    takeClientAnswer(message: JSONRPCResultResponse | JSONRPCErrorResponse): JSONRPCMessage | undefined {
      const programId = typeof message.id === 'string' ? asked.get(message.id) : undefined;
      if (programId === undefined || typeof message.id !== 'string') return undefined;
      asked.delete(message.id);
      return { ...message, id: programId };
    },
  };
}
