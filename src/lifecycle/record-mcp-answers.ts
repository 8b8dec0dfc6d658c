import type { JSONRPCMessage, RequestId } from '@modelcontextprotocol/client';
import { SESSION_ALREADY_GONE, describeStreamAnswer, describeReplayed, describeStreamCut, describeCancelledCallEnd } from '../content/index.ts';
import { titleIncoming } from './incoming-titles.ts';
import { CLOSED_BY_CALLER } from '../mcp/index.ts';
import { classifyHttpAnswer, classifyIncoming, findResumableEventId, isBrokenAnswer, parseJsonBody, readJsonRpcMessage } from './classify-mcp-message.ts';

import { record, refreshHttp, type Exchange, type Recorder } from './traffic-recorder.ts';

/**
 * What comes back from the MCP server, as steps: each JSON-RPC message of an answer (a JSON
 * body or an SSE frame), the HTTP status an answer carries no message in, and how an answer
 * ended (a stream cut to be resumed, a cancelled call stopped, an answer that never came).
 */

/** Records a message that came back; false when it is no step of its own. */
export function recordIncoming(recorder: Recorder, message: JSONRPCMessage, exchange: Exchange | undefined): boolean {
  const { tracker } = recorder;
  const answeredId = 'method' in message ? undefined : message.id;
  const stepId = classifyIncoming({ message, answers: answeredId === undefined ? undefined : tracker.requestStepOf(answeredId) });
  if (!stepId) return false;
  const resumedFrom = exchange?.method === 'GET' ? exchange.requestHeaders['last-event-id'] : undefined;
  record(recorder, exchange, stepId, { payload: message, ...titleIncoming(message, stepId), ...(resumedFrom ? { note: describeReplayed(resumedFrom) } : {}) });
  if (answeredId !== undefined) tracker.noteAnswered(answeredId, message);
  return true;
}

export function recordAnswer(recorder: Recorder, exchange: Exchange): void {
  const sentSessionId = Boolean(exchange.requestHeaders['mcp-session-id']);
  const answer = classifyHttpAnswer({ httpMethod: exchange.method, status: exchange.status, sentSessionId });
  switch (answer) {
    case 'session-expired': {
      // The server no longer knows this session: the host will start a new one and ask again,
      // so this answer is complete as it is.
      record(recorder, exchange, 'mcp.session.expired', {
        payload: parseJsonBody(exchange.responseBody) ?? null,
        ...(exchange.method === 'DELETE' ? { title: SESSION_ALREADY_GONE } : {}),
      });
      const id = exchange.context?.requestId;
      if (id !== undefined) recorder.tracker.noteAnswered(id);
      return;
    }
    case 'stream-status': {
      const resuming = exchange.method === 'GET' && exchange.requestHeaders['last-event-id'] !== undefined;
      const outcome = describeStreamAnswer({ httpMethod: exchange.method, status: exchange.status ?? 0, resuming });
      for (const step of recorder.tracker.recordedFor(exchange.exchangeId)) recorder.writer.update(step, { title: `${step.title}: ${outcome}` });
      return;
    }
    case 'messages': {
      const body = parseJsonBody(exchange.responseBody);
      for (const item of Array.isArray(body) ? body : body === undefined ? [] : [body]) {
        const message = readJsonRpcMessage(item);
        if (message) recordIncoming(recorder, message, exchange);
      }
      refreshHttp(recorder, exchange, 'all');
      return;
    }
    default: {
      const unexpected: never = answer;
      throw new Error(`Unknown HTTP answer ${String(unexpected)}`);
    }
  }
}

/** The answer of a cancelled call ended with no result: the server ended it, or the host closed it (CLOSED_BY_CALLER). */
function recordCallStopped(recorder: Recorder, exchange: Exchange, id: RequestId): void {
  const progressEvents = recorder.tracker.recordedFor(exchange.exchangeId).filter((step) => step.id === 'server.progress').length;
  const end = describeCancelledCallEnd({
    endedByServer: exchange.error === undefined,
    closedByClient: exchange.error === CLOSED_BY_CALLER,
    answerBegan: exchange.status !== undefined,
    progressEvents,
  });
  if (end) record(recorder, exchange, end.stepId, { payload: { requestId: id, progressEvents }, ...(end.title ? { title: end.title } : {}) });
}

export function settleExchange(recorder: Recorder, exchange: Exchange): void {
  const { tracker, observer, shared } = recorder;
  if (exchange.stopped) {
    const progressFrames = tracker.recordedFor(exchange.exchangeId).filter((step) => step.id === 'server.progress').length;
    observer.onStopped?.(exchange.stopped, progressFrames);
  }
  const id = exchange.context?.requestId;
  if (id === undefined) {
    shared.delete(exchange.exchangeId);
    return;
  }
  if (
    isBrokenAnswer({
      httpMethod: exchange.method,
      eventStream: exchange.sse !== undefined,
      answered: tracker.isAnswered(id),
      closedUnanswered: exchange.error === CLOSED_BY_CALLER && exchange.status === undefined,
    })
  ) {
    const lastEventId = findResumableEventId({ frames: exchange.sse, stopped: exchange.stopped !== undefined });
    if (tracker.isCancelled(id)) {
      // The client cancelled the call: a stream the server ends without the result is the server obeying, one the
      // host closed is said to be; one that broke otherwise was closed when the run ended: nothing to tell.
      recordCallStopped(recorder, exchange, id);
    } else if (lastEventId !== undefined) {
      // The SDK reconnects by itself and the answer comes on that stream: the request is not over.
      record(recorder, exchange, 'mcp.stream.cut', {
        payload: { lastEventId, eventsReceived: exchange.sse?.length ?? 0, ...(exchange.error ? { error: exchange.error } : {}) },
        title: describeStreamCut(lastEventId),
      });
      shared.delete(exchange.exchangeId);
      return;
    } else {
      observer.onUnanswered?.(exchange.error);
    }
  }
  shared.delete(exchange.exchangeId);
  tracker.noteEnded(id);
}
