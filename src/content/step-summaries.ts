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
  'provider.response.stopped': 'Not every reply is an answer or a tool call: the provider says why this one stopped (a refusal, the token limit, a filter) in a field of its own.',
  'host.answer': 'Two protocols, three translations, one answer.',
  'host.stopped': 'The host does not pass half an answer or a refusal off as an answer: the run ends with the stop named, and what to do about it.',
  'server.progress': 'A progress notification the server sent inside the response stream.',
  'mcp.notification': 'A message the server sent inside the response stream before its answer.',
  'mcp.request': 'A JSON-RPC request outside the twenty steps.',
  'mcp.response': 'The answer to a request outside the twenty steps.',
  'mcp.session.expired': 'A stateful server may forget a session (it restarted, or the session timed out). The answer is HTTP 404, and the client must start again with initialize.',
  'host.new-session': 'The host does what the protocol asks after a 404: a fresh handshake, a new session id, then the same request again.',
  'mcp.session.delete': 'A client that is done ends its session explicitly, so the server can free what it holds for it.',
  'host.fault': 'Something went wrong. The steps before stay recorded so you can inspect what happened.',
};

export function getStepSummary(id: string): string | undefined {
  return (STEP_SUMMARIES as Record<string, string>)[id];
}
