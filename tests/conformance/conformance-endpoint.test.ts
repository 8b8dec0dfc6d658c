import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { useServer } from '../helpers/use-server.ts';
import { LEGACY_HEADERS, postMcp, readMessages, startSession, type JsonRpcMessage } from '../helpers/mcp-http.ts';
import { readServerSentEvents } from '../helpers/read-server-sent-events.ts';

/**
 * /mcp/conformance on the wire, where the 0.1.x suite does not look: the 2026-07-28
 * round trips of its sampling and elicitation tools (input_required, then the call
 * again with inputResponses), a resumable 2025-11-25 stream that test_reconnection
 * closes, and a subscription that hears about a change.
 */

const server = useServer();
const endpoint = () => `${server.url}/mcp/conformance`;

const ENVELOPE = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'conformance-endpoint-test', version: '1.0.0' },
  'io.modelcontextprotocol/clientCapabilities': { sampling: {}, elicitation: { form: {} } },
};

async function callIn2026(name: string, params: Record<string, unknown> = {}, expectedStatus = 200): Promise<JsonRpcMessage> {
  const exchange = await postMcp(
    endpoint(),
    {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name, arguments: {}, ...params, _meta: { ...ENVELOPE, ...((params._meta as object | undefined) ?? {}) } },
    },
    { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': name },
  );
  expect(exchange.status).toBe(expectedStatus);
  const answer = exchange.messages.find((message) => message.id === 1);
  if (!answer) throw new Error(`No answer to tools/call ${name}: ${JSON.stringify(exchange.messages)}`);
  return answer;
}

/** One character of the sealed body changed (not the MAC's last, whose low bits base64url leaves unused). */
const alterOneCharacter = (state: string) => `${state.slice(0, 5)}${state[5] === 'x' ? 'y' : 'x'}${state.slice(6)}`;

describe('2026-07-28: the multi round-trip fixtures (SEP-2322) seal their requestState', () => {
  it('test_input_required_result_multi_round: three rounds, each state sealed; the state of round 1 altered is refused with -32602, the intact one goes on', async () => {
    const first = await callIn2026('test_input_required_result_multi_round');
    const state = z.object({ result: z.object({ requestState: z.string() }) }).parse(first).result.requestState;
    const tampered = await callIn2026('test_input_required_result_multi_round', {
      inputResponses: { step1: { action: 'accept', content: { name: 'Ada' } } },
      requestState: alterOneCharacter(state),
    });
    expect(tampered.error?.code).toBe(-32602);
    expect(tampered.error?.message).toContain('integrity');
    const second = await callIn2026('test_input_required_result_multi_round', {
      inputResponses: { step1: { action: 'accept', content: { name: 'Ada' } } },
      requestState: state,
    });
    expect(second.result).toMatchObject({ resultType: 'input_required', inputRequests: { step2: { method: 'elicitation/create' } } });
    const nextState = z.object({ result: z.object({ requestState: z.string() }) }).parse(second).result.requestState;
    expect(nextState).not.toBe(state);
    const third = await callIn2026('test_input_required_result_multi_round', {
      inputResponses: { step2: { action: 'accept', content: { color: 'teal' } } },
      requestState: nextState,
    });
    expect(third.result).toMatchObject({ content: [{ type: 'text', text: expect.stringContaining('Ada likes teal') }] });
  });

  it('test_input_required_result_capabilities asks only for what the envelope declares: sampling alone, no elicitation', async () => {
    const answer = await callIn2026('test_input_required_result_capabilities', { _meta: { 'io.modelcontextprotocol/clientCapabilities': { sampling: {} } } });
    expect(Object.keys(z.object({ result: z.object({ inputRequests: z.record(z.string(), z.unknown()) }) }).parse(answer).result.inputRequests)).toEqual([
      'capital_question',
    ]);
  });
});

describe('2026-07-28: the stateless diagnostic tools (SEP-2575)', () => {
  async function exchangeIn2026(name: string, meta: Record<string, unknown>) {
    const exchange = await postMcp(
      endpoint(),
      { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: {}, _meta: { ...ENVELOPE, ...meta } } },
      { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': name },
    );
    return exchange.messages;
  }

  it('test_missing_capability answers -32021 (HTTP 400) naming sampling when the request does not declare it, and asks for sampling when it does', async () => {
    const refused = await callIn2026('test_missing_capability', { _meta: { 'io.modelcontextprotocol/clientCapabilities': { elicitation: {} } } }, 400);
    expect(refused.error).toMatchObject({ code: -32021, data: { requiredCapabilities: { sampling: {} } } });
    const asked = await callIn2026('test_missing_capability');
    expect(asked.result).toMatchObject({ resultType: 'input_required', inputRequests: { summary: { method: 'sampling/createMessage' } } });
  });

  it('test_logging_tool logs only when the request set a log level', async () => {
    const logs = (messages: JsonRpcMessage[]) => messages.filter((message) => message.method === 'notifications/message');
    expect(logs(await exchangeIn2026('test_logging_tool', {}))).toHaveLength(0);
    expect(logs(await exchangeIn2026('test_logging_tool', { 'io.modelcontextprotocol/logLevel': 'info' }))).toHaveLength(1);
  });
});

describe('2026-07-28: the tools that reach back answer input_required', () => {
  it('test_sampling asks for sampling/createMessage with the prompt, and words the reply the client sends back', async () => {
    const first = await callIn2026('test_sampling', { arguments: { prompt: 'What is the capital of France?' } });
    expect(Object.keys(first.result ?? {}).sort()).toEqual(['_meta', 'inputRequests', 'resultType']);
    expect(first.result).toMatchObject({
      resultType: 'input_required',
      inputRequests: {
        completion: {
          method: 'sampling/createMessage',
          params: { messages: [{ role: 'user', content: { type: 'text', text: 'What is the capital of France?' } }], maxTokens: 100 },
        },
      },
    });
    const reply = { role: 'assistant', content: { type: 'text', text: 'Paris.' }, model: 'test-model', stopReason: 'endTurn' };
    const second = await callIn2026('test_sampling', { arguments: { prompt: 'What is the capital of France?' }, inputResponses: { completion: reply } });
    expect(second.result).toMatchObject({ content: [{ type: 'text', text: 'LLM response: Paris.' }] });
  });

  it('test_elicitation asks for a form, and reports a decline as a decline', async () => {
    const first = await callIn2026('test_elicitation', { arguments: { message: 'Who are you?' } });
    expect(first.result).toMatchObject({
      resultType: 'input_required',
      inputRequests: { form: { method: 'elicitation/create', params: { message: 'Who are you?', requestedSchema: { required: ['username', 'email'] } } } },
    });
    const declined = await callIn2026('test_elicitation', { arguments: { message: 'Who are you?' }, inputResponses: { form: { action: 'decline' } } });
    expect(declined.result).toMatchObject({ content: [{ type: 'text', text: 'User response: action=decline, content={}' }] });
  });

  it('refuses to ask a client for sampling it did not declare (-32021 with HTTP 400), instead of asking anyway', async () => {
    const answer = await callIn2026('test_sampling', { arguments: { prompt: 'Hi' }, _meta: { 'io.modelcontextprotocol/clientCapabilities': {} } }, 400);
    expect(answer.error).toMatchObject({ code: -32021, data: { requiredCapabilities: { sampling: {} } } });
  });
});

describe('2025-11-25 sessions', () => {
  const sessionHeaders = (sessionId: string) => ({ 'mcp-session-id': sessionId });

  it('test_reconnection closes its stream before the result, which a GET with Last-Event-ID then delivers', async () => {
    const sessionId = await startSession(endpoint());
    const response = await fetch(endpoint(), {
      method: 'POST',
      headers: { ...LEGACY_HEADERS, ...sessionHeaders(sessionId) },
      body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'test_reconnection', arguments: {} } }),
    });
    const events = readServerSentEvents(await response.text(), { ended: true });
    expect(events[0]).toMatchObject({ data: '' }); // the priming event: an id and no data
    expect(events.some((event) => event.data.includes('"id":7'))).toBe(false);
    const lastEventId = events.at(-1)?.id;
    expect(lastEventId).toBeTruthy();

    const resumed = await fetch(endpoint(), {
      headers: { accept: 'text/event-stream', 'mcp-protocol-version': '2025-11-25', 'last-event-id': lastEventId!, ...sessionHeaders(sessionId) },
    });
    expect(resumed.status).toBe(200);
    const reader = resumed.body!.getReader();
    let text = '';
    while (!text.includes('"id":7')) {
      const { value, done } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    await reader.cancel();
    const result = readMessages(text).find((message) => message.id === 7);
    expect(result?.result).toMatchObject({ content: [{ type: 'text', text: expect.stringContaining('the stream was closed first') }] });
  });

  it('tells a session that subscribed to test://watched-resource about a change, and one that unsubscribed nothing', async () => {
    const sessionId = await startSession(endpoint());
    const post = (id: number, method: string, params: Record<string, unknown>) =>
      postMcp(endpoint(), { jsonrpc: '2.0', id, method, params }, sessionHeaders(sessionId));
    expect((await post(1, 'resources/subscribe', { uri: 'test://watched-resource' })).messages[0]?.result).toEqual({});
    const changed = await post(2, 'tools/call', { name: 'update_watched_resource', arguments: {} });
    expect(changed.messages.map((message) => message.method ?? 'result')).toEqual(['notifications/resources/updated', 'result']);
    expect(changed.messages[0]?.params).toEqual({ uri: 'test://watched-resource' });
    const read = await post(3, 'resources/read', { uri: 'test://watched-resource' });
    expect(read.messages[0]?.result).toEqual({ contents: [{ uri: 'test://watched-resource', mimeType: 'text/plain', text: 'Watched resource, revision 2.' }] });

    await post(4, 'resources/unsubscribe', { uri: 'test://watched-resource' });
    const quiet = await post(5, 'tools/call', { name: 'update_watched_resource', arguments: {} });
    expect(quiet.messages.map((message) => message.method ?? 'result')).toEqual(['result']);
  });

  it('refuses to subscribe to a resource that does not exist (-32602)', async () => {
    const sessionId = await startSession(endpoint());
    const answer = await postMcp(
      endpoint(),
      { jsonrpc: '2.0', id: 1, method: 'resources/subscribe', params: { uri: 'test://nothing-here' } },
      sessionHeaders(sessionId),
    );
    expect(answer.messages[0]?.error).toMatchObject({ code: -32602, message: expect.stringContaining('test://nothing-here not found') });
  });
});
