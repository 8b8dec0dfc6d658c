import { describe, expect, it } from 'vitest';
import { findAnswerProblem, type CheckedAnswer } from './check-fuzz-answer.ts';

/** How the fuzz judge reads an SSE answer: by events, as an EventSource would. */

const streamAnswer = (body: string, streamOpen = false): CheckedAnswer => ({
  method: streamOpen ? 'GET' : 'POST',
  route: 'mcp',
  status: 200,
  headers: { 'content-type': 'text/event-stream' },
  body,
  streamOpen,
});
const message = JSON.stringify({ jsonrpc: '2.0', id: 1, result: {} });

describe('an SSE answer to a fuzz request', () => {
  it('is sensible when every event carries JSON, whether split over data lines, with CRLF, or beside an id-only event', () => {
    expect(findAnswerProblem(streamAnswer(`event: message\ndata: ${message}\n\n`))).toBeUndefined();
    expect(findAnswerProblem(streamAnswer(`id: 1\ndata:\n\nevent: message\ndata: {"jsonrpc":"2.0",\ndata: "id":1,"result":{}}\n\n`))).toBeUndefined();
    expect(findAnswerProblem(streamAnswer(`: keep-alive\r\nevent: message\r\ndata: ${message}\r\n\r\n`))).toBeUndefined();
  });

  it('is faulted when an event carries what is not JSON', () => {
    expect(findAnswerProblem(streamAnswer(`event: message\ndata: {"jsonrpc":\n\n`))).toMatch(/does not parse as JSON/);
  });

  it('is faulted when an ended stream stops inside its last event, but not when an open stream does', () => {
    const cut = `event: message\ndata: ${message}\n\nevent: message\ndata: {"jsonrpc":"2.0","id":2,"res`;
    expect(findAnswerProblem(streamAnswer(cut))).toMatch(/does not parse as JSON/);
    expect(findAnswerProblem(streamAnswer(cut, true))).toBeUndefined();
  });
});
