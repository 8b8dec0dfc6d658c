import type { StepId } from '../trace/steps.ts';

/**
 * One sentence per step for the learner: what happens and why it matters. Kept apart
 * from the step table so the first page does not carry the words of every step.
 */
export const STEP_SUMMARIES: Record<StepId, string> = {
  'user.question': 'The user types a question. The host knows what is wanted, not yet which tools exist.',
  'host.start-discovery': 'Before asking the model anything, the host must learn which tools the MCP server offers.',
  'mcp.initialize.request': 'In the 2025-11-25 era a connection starts with initialize: the client proposes a protocol version and says what it can do.',
  'mcp.initialize.response': 'The server agrees on the protocol version and declares its capabilities: here, that it has tools.',
  'mcp.initialized.notification': 'A notification has no id and gets no JSON-RPC answer: HTTP 202 only says it arrived. The session is ready.',
  'mcp.stream.open': 'After the handshake the client offers the server a channel to push messages. A stateless server has nothing to push and says 405.',
  'mcp.discover.request': 'In the 2026-07-28 era there is no handshake: one server/discover asks which versions and capabilities the server has. Every later request carries its own protocol claims in _meta.',
  'mcp.discover.response': 'The server lists the protocol versions it speaks and what it offers. No session is created.',
  'mcp.discover.declined': 'A server of the 2025-11-25 era knows no server/discover: it answers with an HTTP error (often 400, as for a request without a session) or a JSON-RPC error such as -32601, method not found.',
  'host.era-fallback': 'In the Auto era the host does the version negotiation in the open: the server did not speak 2026-07-28, so the host starts again with initialize, the 2025-11-25 handshake. A network or CORS failure is never a reason to fall back.',
  'mcp.tools-list.request': 'A JSON-RPC request between client and server. The model is not involved yet.',
  'server.registry-read': 'The registry holds each tool’s public definition and its private handler. Only the definition will leave the server; the server says so in a progress notification.',
  'mcp.tools-list.response': 'Name, description and input schema: the contract. The code that does the work stays on the server.',
  'client.tools-to-host': 'Discovery is done: the host now knows each tool and the arguments it takes.',
  'host.translate-tools': 'The provider does not speak MCP. The host rewrites each tool in the provider’s own format, and says what did not fit.',
  'provider.request': 'A provider API request, not an MCP message: the boundary has been crossed.',
  'llm.decide': 'The server gave the schema; the model produces the values. It executes nothing.',
  'provider.response.tool-calls': 'The reply asks the host to call a tool, in the provider’s format. Running it is the host’s job.',
  'host.translate-tool-call': 'The provider’s call (arguments often a JSON string) becomes MCP tools/call parameters (an object).',
  'mcp.tools-call.request': 'A new JSON-RPC request with its own id, separate from tools/list.',
  'server.registry-lookup': 'The server looks the name up. What you see is the server’s own progress notification, sent inside the tools/call response stream.',
  'server.validate-arguments': 'The arguments came from a model: the server checks each against its schema before running anything.',
  'server.execute': 'The first and only moment the computation happens.',
  'mcp.tools-call.response': 'An MCP CallToolResult: content blocks, and isError when the tool failed.',
  'client.result-to-host': 'The tool ran; the model has not seen the result yet.',
  'host.translate-tool-result': 'The host rewrites the result as the provider’s tool message and sends the whole conversation back.',
  'provider.response.answer': 'The tool did the computation; the model turns it into a sentence.',
  'host.answer': 'Two protocols, three translations, one answer.',
  'server.progress': 'A progress notification the server sent inside the response stream.',
  'mcp.notification': 'A message the server sent inside the response stream before its answer.',
  'mcp.request': 'A JSON-RPC request outside the twenty steps.',
  'mcp.response': 'The answer to a request outside the twenty steps.',
  'mcp.session.expired': 'A stateful server may forget a session (it restarted, or the session timed out). The answer is HTTP 404, and the client must start again with initialize.',
  'host.new-session': 'The host does what the protocol asks after a 404: a fresh handshake, a new session id, then the same request again.',
  'mcp.session.delete': 'A client that is done ends its session explicitly, so the server can free what it holds for it.',
  'bridge.stdio.write': "A stdio server has no URL: the app's bridge took the HTTP request and wrote its JSON-RPC message to the process's standard input, one message a line. The bridge numbers the ids itself, since several pages may share one process; the answer gets the client's id back.",
  'bridge.stdio.read': "The stdio server answers on its standard output, one JSON-RPC message a line. The bridge read this line and passed the message on in the HTTP response stream.",
  'bridge.stderr': "A stdio server writes its logs to standard error, never to standard output (that is for JSON-RPC only). The bridge passes each line on so you can see it; it is no MCP message.",
  'bridge.exit': 'The process behind the bridge ended. Nothing can reach it until npm start is started again.',
  'host.fault': 'Something went wrong. The steps before stay recorded so you can inspect what happened.',
  'mcp.stream.cut': 'The stream carrying the answer ended before the result, as a dropped connection ends it. Its events had ids, so this is not a failure: the call goes on in the server, and the client knows the last event it read.',
  'mcp.stream.resume': 'The client comes back after the wait the priming event asked for (its retry field), with GET and the Last-Event-ID header naming the last event it read. The server replays what followed from its event store: nothing lost, nothing twice.',
  'host.mcp-rate-limit-wait': 'The MCP server refused the request with 429 Too Many Requests and said how long to wait (Retry-After). Sending sooner would only earn another refusal, so the host waits that long, at most a minute, then sends the same request again; Reset stops the wait.',
  'mcp.call.stopped': 'You stopped the tool, so the client sent notifications/cancelled with the call’s id. The server stopped the tool: its answer stream ends with no result, and no progress follows. The host tells the model that the user stopped the call.',
};

export function getStepSummary(id: string): string | undefined {
  return (STEP_SUMMARIES as Record<string, string>)[id];
}

/**
 * What went off the happy path in a step's round, as the inspector reads it from the
 * recorded messages: the happy-path sentence of a step would then say something that
 * did not happen ("the tool ran", "three translations").
 */
export type FailureSituation = 'validation-refused' | 'unknown-tool' | 'arguments-unreadable' | 'tool-failed' | 'no-tool';

/** The words for a step in a round that left the happy path; a step not listed keeps its usual sentence. */
export const FAILURE_SUMMARIES: Record<FailureSituation, Partial<Record<StepId, string>>> = {
  'validation-refused': {
    'mcp.tools-call.request': 'A new JSON-RPC request with its own id, carrying the arguments exactly as the model wrote them, wrong ones included.',
    'server.validate-arguments': 'The arguments came from a model, and here they are wrong: the server checks them against the schema and refuses them. The handler will not run.',
    'mcp.tools-call.response': 'Not a protocol error: a CallToolResult with isError true, whose text says which argument failed. The tool never ran.',
    'client.result-to-host': 'The tool did not run: the host gets an isError result that says why, to hand to the model.',
    'host.translate-tool-result': 'The host sends the refusal back to the model as a tool result, so the model can correct its arguments and try again.',
  },
  'unknown-tool': {
    'mcp.tools-call.request': 'A tools/call for a tool the server never listed: the model made the name up.',
    'server.registry-lookup': 'The server looks the name up and finds no such tool: there is nothing to validate or run.',
    'mcp.tools-call.response': 'A JSON-RPC error (-32602), not a result: the request itself was wrong. No tool ran.',
    'client.result-to-host': 'No result: the SDK client turns the JSON-RPC error into an error the host must handle. No tool ran.',
    'host.translate-tool-result': 'No tool ran: the host turns the error into a tool result, so the model can pick a tool that exists.',
  },
  'arguments-unreadable': {
    'llm.decide': 'The model picks a tool, but the arguments it writes are not valid JSON.',
    'host.translate-tool-call': 'The arguments are not JSON, so translation #2 cannot build a tools/call: none is sent, and the server never hears of this call.',
    'host.translate-tool-result': 'No tools/call was sent: the host answers the model itself, with the parse error as the tool result.',
  },
  'tool-failed': {
    'mcp.tools-call.response': 'The tool ran and failed: a CallToolResult with isError true, not a protocol error.',
    'client.result-to-host': 'The tool ran and failed: the host gets an isError result to hand to the model.',
    'provider.response.answer': 'The tool failed; the model turns the failure into a sentence for the user.',
    'host.answer': 'Two protocols, three translations, and an answer that reports the tool’s failure.',
  },
  'no-tool': {
    'provider.response.answer': 'No tool was called: the model answered from its own words, and nothing was computed.',
    'host.answer': 'One request to the model and one answer: no tool call, so no translations #2 and #3 and no tools/call.',
  },
};

export function getFailureSummary({ id, situation }: { id: string; situation: FailureSituation }): string | undefined {
  return (FAILURE_SUMMARIES[situation] as Record<string, string | undefined>)[id];
}
