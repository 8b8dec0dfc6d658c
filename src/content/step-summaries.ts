import type { StepId } from '../trace/index.ts';

/**
 * One sentence per step for the learner: what happens and why it matters, for the steps
 * whose sentence is true whatever the run did. A step whose sentence depends on the run
 * (a status, whether the tool ran, who answered, the era, the counts) has none here: its
 * words are built from the run's facts (step-words.ts, round-words.ts, era-words.ts).
 * Kept apart from the step table, in the word builders' chunk, so the first page does not
 * carry the words of every step.
 */
export const STEP_SUMMARIES: Partial<Record<StepId, string>> = {
  'user.question': 'The user types a question. The host knows what is wanted, not yet which tools exist.',
  'host.start-discovery': 'Before asking the model anything, the host must learn which tools the MCP server offers.',
  'mcp.initialize.request': 'In the 2025-11-25 era a connection starts with initialize: the client proposes a protocol version and says what it can do.',
  'mcp.initialize.response': 'The server agrees on the protocol version and declares its capabilities: here, that it has tools.',
  'mcp.initialized.notification': 'A notification has no id and gets no JSON-RPC answer: HTTP 202 only says it arrived. The session is ready.',
  'mcp.discover.request':
    'In the 2026-07-28 era there is no handshake: one server/discover asks which versions and capabilities the server has. Every later request carries its own protocol claims in _meta.',
  'mcp.discover.response': 'The server lists the protocol versions it speaks and what it offers. No session is created.',
  'mcp.discover.declined':
    'A server of the 2025-11-25 era knows no server/discover: it answers with an HTTP error (often 400, as for a request without a session) or a JSON-RPC error such as -32601, method not found.',
  'host.era-fallback':
    'In the Auto era the host does the version negotiation in the open: the server did not speak 2026-07-28, so the host starts again with initialize, the 2025-11-25 handshake. A network or CORS failure is never a reason to fall back.',
  'mcp.tools-list.request': 'A JSON-RPC request between client and server. The model is not involved yet.',
  'server.registry-read':
    'The registry holds each tool’s public definition and its private handler. Only the definition will leave the server; the server says so in a progress notification.',
  'mcp.tools-list.response': 'Name, description and input schema: the contract. The code that does the work stays on the server.',
  'client.tools-to-host': 'Discovery is done: the host now knows each tool and the arguments it takes.',
  'host.translate-tools': 'The provider does not speak MCP. The host rewrites each tool in the provider’s own format, and says what did not fit.',
  'provider.request': 'A provider API request, not an MCP message: the boundary has been crossed.',
  'llm.decide': 'The server gave the schema; the model produces the values. It executes nothing.',
  'provider.response.tool-calls': 'The reply asks the host to call a tool, in the provider’s format. Running it is the host’s job.',
  'host.translate-tool-call': 'The provider’s call (arguments often a JSON string) becomes MCP tools/call parameters (an object).',
  'mcp.tools-call.request': 'A new JSON-RPC request with its own id, separate from tools/list.',
  'mcp.tools-call.response': 'An MCP CallToolResult: content blocks, and isError when the tool failed.',
  'server.registry-lookup': 'The server looks the name up. What you see is the server’s own progress notification, sent inside the tools/call response stream.',
  'server.validate-arguments': 'The arguments came from a model: the server checks each against its schema before running anything.',
  'host.translate-tool-result': 'The host rewrites the result as the provider’s tool message and sends the whole conversation back.',
  'provider.response.stopped':
    'Not every reply is an answer or a tool call: the provider says why this one stopped (a refusal, the token limit, a filter) in a field of its own.',
  'host.stopped':
    'The host does not pass half an answer, a reply that broke off, or a refusal off as an answer: the run ends with the stop named, and what to do about it.',
  'server.progress': 'A progress notification the server sent inside the response stream.',
  'mcp.notification': 'A message the server sent inside the response stream before its answer.',
  'mcp.request': 'A JSON-RPC request outside the twenty steps.',
  'mcp.response': 'The answer to a request outside the twenty steps.',
  'host.new-session': 'The host does what the protocol asks after a 404: a fresh handshake, a new session id, then the same request again.',
  'mcp.session.delete': 'A client that is done ends its session explicitly, so the server can free what it holds for it.',
  'bridge.stdio.write':
    "A stdio server has no URL: the app's bridge took the HTTP request and wrote its JSON-RPC message to the process's standard input, one message a line. The bridge numbers the ids itself, since several pages may share one process; the answer gets the client's id back. That process was started once for every client: what it set up for an earlier one (tools it registers only for a client that offers sampling, say) this client sees too, whatever it declared.",
  'bridge.stdio.read':
    'The stdio server answers on its standard output, one JSON-RPC message a line. The bridge read this line and passed the message on in the HTTP response stream.',
  'bridge.stderr':
    'A stdio server writes its logs to standard error, never to standard output (that is for JSON-RPC only). The bridge passes each line on so you can see it; it is no MCP message.',
  'bridge.exit': 'The process behind the bridge ended. Nothing can reach it until npm start is started again.',
  'auth.challenge':
    'The server refused the request with HTTP 401 and a WWW-Authenticate header. Its Bearer challenge may say where the protected resource metadata is (resource_metadata, RFC 9728) and which scopes it wants: that is where the authorization flow starts.',
  'auth.resource-metadata':
    'The MCP server is an OAuth protected resource: its metadata (RFC 9728) names the resource it is and the authorization servers it trusts. The client reads it from the address in the challenge, or else from /.well-known/oauth-protected-resource inserted before the path, then at the root. The resource named must be this server.',
  'auth.server-metadata':
    "The authorization server's metadata (RFC 8414, else OpenID Connect discovery) gives its endpoints. The issuer in it must be exactly the one the resource named, or another server could pose as it; and it must offer PKCE with S256, or the MCP spec says not to go on.",
  'auth.client-id':
    'The authorization server must know which client asks. The MCP spec prefers, in order: a client id already registered, a Client ID Metadata Document (the client_id is a URL where the client describes itself), then dynamic registration.',
  'auth.client-registration':
    'Dynamic client registration (RFC 7591): the client posts its name and redirect URI and gets a client_id back. The 2026-07-28 era marks it deprecated in favour of Client ID Metadata Documents.',
  'auth.authorization-request':
    "The user's browser goes to the authorization endpoint with a PKCE challenge (the SHA-256 of a secret verifier only the client knows), a state value bound to this request, the resource indicator (RFC 8707: the token is for this MCP server only) and the scopes. The user signs in and approves there, never in the host.",
  'auth.authorization-response':
    'The authorization server sends the browser back to the redirect URI with a one-time code. The host checks that state is the one it sent (else the answer belongs to another request) and that iss names the server it asked (RFC 9207), before it uses the code.',
  'auth.token-request':
    'A back-channel request: the code, the PKCE verifier that proves the same client started the flow, and the resource again. The answer is checked: a bearer token, its lifetime, and a refresh token if the server gives one.',
  'auth.retry':
    'With a token in hand the host sends the MCP request that was refused, now with Authorization: Bearer. Every later request carries it; the token itself is a secret and is shown redacted.',
  'auth.client-credentials':
    'A machine client has no person to consent: it asks the token endpoint directly, proving who it is with the credentials its operator registered beforehand, a secret (HTTP Basic) or a JWT it signs with its private key (RFC 7523). The answer is checked as any token answer is.',
  'auth.token-exchange':
    'Enterprise-managed authorization: the user already signed in at the enterprise’s identity provider. The client sends that ID token back to the IdP and asks for an ID-JAG, a signed grant naming this authorization server (audience) and this MCP server (resource).',
  'auth.jwt-bearer':
    'The client hands the ID-JAG to the MCP server’s authorization server as a jwt-bearer grant, proving itself with its own credentials. The server trusts the IdP, so no consent page: the answer is a bearer token, checked as any is.',
  'auth.refresh':
    'The server said the token is no longer valid (401 invalid_token). With a refresh token the client gets a new access token without asking the user again, then sends the request once more.',
  'auth.step-up':
    'The token is valid but lacks a scope this request needs (403 insufficient_scope). The client asks the user again, this time for the scopes the challenge names: step-up authorization.',
  'host.url-refused':
    'Every address that comes from outside (a server, a metadata document, a redirect, an imported trace) passes one gate before the host opens, fetches or links it: http or https only, plain http only to this machine or to a server you named yourself, no user name or password before the host, no control characters that could hide the scheme. This one did not pass, so that path stops here: a javascript: or data: address opened by the page would run in the explorer itself, with your keys in reach.',
  'mcp.prompts-list.request': 'Prompts are conversations a server writes for the user to choose, not for the model to call: the client asks which there are.',
  'mcp.prompts-list.response':
    'Each prompt has a name, a description and the arguments it needs. A host shows them to the user (a menu, a slash command); the model never sees this list.',
  'mcp.prompts-get.request': 'The user chose a prompt and gave its arguments (always strings): the client asks the server to fill them in.',
  'mcp.prompts-get.response':
    'The server answers with messages, each a role (user or assistant) and a content block. Nothing has been sent to the model yet: the host decides what to do with them.',
  'host.translate-prompt':
    "Translation #5: the prompt's MCP messages become the first turns of the provider's conversation. Text carries over; what the format has no place for (an embedded resource, an image) is changed or dropped, and the host says so.",
  'mcp.resources-list.request':
    'Resources are data a server offers to read, each named by a URI. The client asks which there are; reading one is a separate request.',
  'mcp.resources-list.response':
    'The server lists its resources (URI, name, MIME type). The host, not the model, decides which to read and what to show the model.',
  'host.read-resource-link':
    'The tool answered with a resource_link: a pointer, not the data. The model cannot open a URI; the host decides to read it through its MCP client.',
  'mcp.resources-read.request': 'resources/read names one URI. The model is not involved: this is the host fetching context on its own account.',
  'mcp.resources-read.response': "The resource's contents: text or a base64 blob, with its MIME type.",
  'host.resource-to-context':
    "The host decides what goes into the model's context: here the text of a small text resource, appended to the tool result as an embedded resource; a blob or a long text stays out, and the step says why.",
  'host.ask-consent':
    'The tool is annotated destructiveHint: true, so the host asks the user before calling it. Annotations are hints from the server, which the host cannot verify: a server could mark a destructive tool read-only, so a careful host asks about any tool it does not trust, whatever its annotations say.',
  'user.consent':
    'The user answers. Allow: the host sends tools/call. Deny: nothing is sent to the server, and the host tells the model that the user declined, so it can say so in words.',
  'mcp.tools-list-changed.notification': "The server's tool list changed while the run was going. The notification carries no list: it only says to ask again.",
  'host.list-tools-again':
    'Before the next model request the host lists the tools again and translates them again (translation #1), so the model is offered the tools that exist now.',
  'mcp.server-request':
    'The server asks the client something while the tool runs, on the tools/call stream (2025-11-25): a request with an id of its own, such as sampling/createMessage or elicitation/create. The client must answer it before the tool can go on.',
  'mcp.server-request.answer':
    'The client answers the server’s request in a POST of its own, with the same id: the result (or a JSON-RPC error when the user declined). The tool, waiting on the server, goes on with it.',
  'host.sampling.review':
    'The spec asks for a human in the loop: the user sees what the server wants the model to read, and approves or declines (decision: "decline") before anything reaches the model.',
  'host.translate-sampling-request':
    'Translation #4: the sampling messages become a request in the same provider’s wire format the conversation uses. The host, not the server, chooses the model: modelPreferences are only hints.',
  'provider.response.sampling': 'The model answers the sampling request, in its own wire format, as it answers the conversation.',
  'host.sampling.refused':
    'The model declined the server’s sampling request with the provider’s refusal signal. A refusal is still an answer: the host sends a CreateMessageResult with the model’s words (if any) and stopReason "refusal", a value the spec leaves open for this, and the server’s tool decides what to do without the sentence it wanted.',
  'client.elicitation-to-host':
    'The server asks the user for something (elicitation): a value in a form (requestedSchema) or a visit to a page of the server (URL mode). The client hands it to the host, which owns the screen.',
  'host.elicitation.ask':
    'The host shows the server’s question to the user: a form built from the requestedSchema, or the link to open. The server’s name and message are shown as they came: they are not the host’s words.',
  'user.elicitation.answer':
    'The user accepts (with the form’s values), declines or cancels. Each goes back to the server, which decides what to do: a declined form is not an error.',
  'mcp.input-required':
    'In 2026-07-28 a server cannot send the client a request, so the tool answers resultType "input_required" with inputRequests (a sampling or elicitation request each). The client answers them, then sends the same tools/call again with inputResponses: a new request, a new id.',
  'host.roots.result':
    'The host answers with the roots the user configured (--root in the CLI, the server’s settings in the page), nothing else: no folder is ever taken from where the host runs. Roots are advisory: they tell a well-behaved server where to look, they are not a security boundary, and a server can ignore them.',
  'mcp.stream.cut':
    'The stream carrying the answer ended before the result, as a dropped connection ends it. Its events had ids, so this is not a failure: the call goes on in the server, and the client knows the last event it read.',
  'mcp.stream.resume':
    'The client comes back after the wait the priming event asked for (its retry field), with GET and the Last-Event-ID header naming the last event it read. The server replays what followed from its event store: nothing lost, nothing twice.',
  'host.provider-rate-limit-wait':
    'The model’s provider refused the request with 429 Too Many Requests and said how long to wait (Retry-After). Sending sooner would only earn another refusal, so the host waits that long, at most a minute, then sends the same request again, at most twice in a row; Reset stops the wait.',
  'host.mcp-rate-limit-wait':
    'The MCP server refused the request with 429 Too Many Requests and said how long to wait (Retry-After). Sending sooner would only earn another refusal, so the host waits that long, at most a minute, then sends the same request again; Reset stops the wait.',
  'host.provider-mcp':
    'Provider-side MCP: the host does not connect to the MCP server, list its tools or translate them. It writes the server into the provider request instead (its URL, a label, the approval policy, a token if any), and the provider’s own MCP client does the rest. The host’s MCP client stays idle.',
  'provider.reported.tools-list.request':
    'The provider’s MCP client, not the host’s, asked the server for its tools. The host never saw that request: this step is the provider’s report of it, read from its reply.',
  'provider.reported.tools-list.response':
    'The tool definitions as the provider reports it got them. Translation #1 (MCP schema to the model’s format) happened inside the provider, out of the host’s sight.',
  'provider.reported.tools-call.request':
    'The provider’s MCP client called the tool with the arguments its model wrote: translation #2 happened inside the provider. The host sees only this report, not the tools/call itself.',
  'provider.reported.tools-call.response':
    'The tool’s result as the provider reports it: its text, or an error. Translation #3 (the result into the model’s context) happened inside the provider.',
  'provider.response.mcp-approval':
    'The provider stopped before calling the tool: its reply carries an approval request (which tool, which arguments) and waits for the host to answer in the next request.',
  'host.ask-mcp-approval':
    'The host shows the user what the provider wants to send to the MCP server. Once approved, the call goes from the provider to the server directly: the host will not see it, only the provider’s report.',
  'user.mcp-approval':
    'The user answers. The host carries the answer back to the provider as an mcp_approval_response item; a denied call is never sent to the server.',
  'provider.request.mcp-approval':
    'The whole conversation again (the provider stores nothing here), with the provider’s own items echoed and the user’s answer (mcp_approval_response) added.',
  'host.fetch-server-record':
    'A plain HTTP GET from the host to the built-in server, not an MCP message: the server kept what it served for this run (the run id is in the server URL the host gave the provider), and the host asks for it, so what the provider reported can be set beside what the server saw.',
  'server.seen.request':
    'What the built-in server itself received from the provider’s MCP client, from its own record: not seen by the host, and not the provider’s report.',
  'server.seen.response': 'What the built-in server itself answered the provider’s MCP client, from its own record.',
  'server.seen.notification':
    'A notification the built-in server sent the provider’s MCP client inside its answer stream (its own progress reports among them), from its own record.',
  'mcp.call.closed':
    'You stopped the tool, so the client sent notifications/cancelled with the call’s id. A cancelled request owes no result, and the server did not end the call’s answer either (an SDK server in a session leaves its stream open, empty, until the session ends; one that answers in JSON leaves the POST waiting). A few seconds on, the host closes it itself, so it holds no connection; no result and no more progress come on it. The host tells the model that the user stopped the call.',
  'mcp.call.stopped':
    'You stopped the tool, so the client sent notifications/cancelled with the call’s id. The server stopped the tool: its answer stream ends with no result, and no progress follows. The host tells the model that the user stopped the call.',
  'host.tool-grammar':
    'The host writes a grammar from the tools’ JSON schemas: while the model in this tab writes, llama.cpp’s sampler may only pick tokens that keep the text a valid call of one of the tools. A small model cannot misspell a tool or leave out an argument; turn the grammar off in the model settings to see what it writes unaided.',
  'tab-model.prompt':
    'No HTTP request: the host hands the prompt text to llama.cpp running in this tab. The model reads one string of tokens, written by its own chat template from the conversation and the tools.',
  'tab-model.output.tool-calls':
    'The model wrote text, token by token, in its family’s tool-call syntax; the host reads the call out of that text. The timings say how long reading the prompt and writing took.',
  'tab-model.prompt-with-results':
    'Translation #3 at its deepest: the chat template writes what the tool round gave into the prompt as text, and the whole string goes back to the model in this tab.',
  'tab-model.output.answer':
    'The model in this tab writes its reply in words, token by token; no HTTP request carried it. (A test model of random weights writes gibberish here: its lifecycle is real, its words are not.)',
  'tab-model.output.stopped': 'The model in this tab stopped before it finished its reply: what it wrote is not a whole answer.',
  // MCP Apps: a tool's view, rendered by the host in a sandboxed frame, and every message between them.
  'host.read-app-view':
    'The tool’s _meta.ui names a ui:// resource: a page the host renders beside the conversation. The model was told the tool, never its view; reading the view is the host’s own business, through its MCP client.',
  'host.app-not-shown':
    'This host has no screen (a terminal), so it renders nothing and sends the view nothing: the step lists what a host with a screen would have sent, marked as not sent.',
  'host.app-render':
    'The view is the server’s HTML: the host runs it in a sandboxed frame on an origin other than its own, with the content security policy the resource declared and only the device permissions it asked for, so nothing of the host’s page, storage or keys is within its reach.',
  'app.sandbox-ready':
    'A web host frames the view twice: an outer sandbox frame on another origin, which says it is ready, then loads the view’s HTML into an inner frame of its own.',
  'app.resource.notification':
    'The host hands the sandbox the HTML and the policy to load it with. The sandbox keeps this message and the one before to itself; every other message it passes between the view and the host unchanged.',
  'app.initialize.request':
    'The view opens its own handshake with the host, much as an MCP client opens one with a server: its name, its capabilities, the version of the Apps protocol it speaks.',
  'app.initialize.response':
    'The host says what it can do for the view (call the server’s tools, read its resources, open links) and gives it the context: the theme, the space it has, and which tool call it was opened for.',
  'app.initialized.notification': 'The handshake is done. Until this notification the host sends the view nothing of its own.',
  'app.tool-input.notification':
    'What the view is told of the call: the arguments the model wrote, once they are complete. The view did not see the model, only what the host passes on.',
  'app.size-changed.notification': 'The view says how big its content is; the host sizes the frame to it, within bounds of its own.',
  'app.tools-call.request':
    'The view asks for a tool call. It cannot reach the server itself: the host decides, with the same gate and the same consent rules as for the model’s calls, and only for tools whose visibility includes the view.',
  'app.resources-read.request': 'The view asks the host to read a resource of the same server; the host sends resources/read through its MCP client.',
  'app.open-link.request': 'A view cannot open a window: it asks the host. The host checks the address and shows it to the user, who decides.',
  'app.message.request': 'The view asks the host to put a message into the conversation, as if the user had written it.',
  'app.request': 'A request of the view the host answers itself, or refuses when it does not offer what is asked.',
  'app.notification': 'A notification from the view (a log line, a request to be closed): it expects no answer.',
  'app.host-response': 'The host’s answer to the view’s request: a result, or an error that says why not.',
  'app.host-notification': 'The host tells the view something of its own accord.',
  'app.host-request': 'The host asks the view something of its own accord.',
  'app.response': 'The view answers a request of the host.',
  'app.teardown.request': 'Before the host removes the frame it tells the view, which may save what it must, and waits a little for its answer.',
  'host.app-failed':
    'A view is an extra: when its resource cannot be read or rendered, or it does not answer, the host says why and goes on with the call and the model as a host without a screen would.',
  'host.app-live':
    'The answer is given, but the view stays: the user may go on using it, and each call it makes goes through the host like the model’s did, until the view is closed.',
  'host.ask-open-link':
    'A link from a view is the server’s address: the host shows it first, opens nothing that is not http or https, and opens only when the user says so, in a new tab with no way back into the host.',
  'user.open-link': 'The user’s answer decides, and the view is told whether the link was opened.',
  'host.app-message': 'The host shows the user the message the view asked it to post.',
  'mcp.tasks-get.request':
    'The client asks the server how the task is doing. Between two polls it waits as long as the server asked (pollInterval in 2025-11-25, pollIntervalMs in 2026-07-28): asking sooner gains nothing, and a server may refuse a client that does.',
  'mcp.task.working': 'The task is still running on the server; its statusMessage says what it is doing. The client asks again after the interval.',
  'mcp.task.cancelled': 'The task is over, cancelled: its status will not change again, and it has no result to give.',
  'mcp.tasks-result.request':
    'tasks/result waits until the task is over, then answers with what the tools/call would have answered. Meanwhile the server may send the task’s requests on this stream (an elicitation, a sampling request), each marked with the task’s id.',
  'mcp.tasks-result.response':
    'What the tools/call would have answered had it not become a task: the CallToolResult (its _meta names the task), or the JSON-RPC error the task failed with.',
  'mcp.tasks-update.request':
    'The client sends the answers the task asked for, each under the key the server gave it in inputRequests. A key is answered once: a poll that still shows one already answered is not asked again.',
  'mcp.tasks-update.response': 'The server takes the answers and acknowledges them with an empty result; how the task goes on, the next tasks/get says.',
  'mcp.tasks-cancel.request':
    'The client asks the server to cancel the task. A task is not a request in flight, so notifications/cancelled does not reach it: tasks/cancel is the task’s own method.',
  'mcp.tasks-cancel.response':
    'The server acknowledges the cancel with an empty result. Cancelling is cooperative: the task may still finish, or have finished already, so the client asks once more to see what became of it.',
  'mcp.subscriptions-listen.request':
    'In 2026-07-28 a server sends notifications such as list_changed only on a subscription the client opens: subscriptions/listen names the ones it wants. Its answer is a stream that stays open; the client closes it when it wants no more.',
  'mcp.subscriptions.acknowledged':
    'Before anything else on the stream, the server acknowledges the subscription: which of the notifications asked for it will send. Its id is the listen request’s JSON-RPC id, in _meta, and every notification on the stream carries it.',
  'host.tools-list-fresh':
    'tools/list said how long its answer stays fresh (ttlMs) and who may keep it (cacheScope). Within that time, and with no change notification since, the host uses the list it has: it does not ask again.',
  'host.tools-list-stale':
    'tools/list said how long its answer stays fresh (ttlMs). Past that time the host does not trust the list it has: before the next model request it lists the tools again and translates them again.',
};

export function getStepSummary(id: string): string | undefined {
  // An imported step's id may be `constructor`: only the table's own entries are summaries.
  return Object.hasOwn(STEP_SUMMARIES, id) ? (STEP_SUMMARIES as Record<string, string | undefined>)[id] : undefined;
}

/**
 * How a round left the happy path, as the timeline and the recap name it (src/ui/step-outcome.ts reads it
 * from the recorded messages). The sentences for such a round are built from its facts in round-words.ts.
 */
export type FailureSituation = 'validation-refused' | 'unknown-tool' | 'header-mismatch' | 'arguments-unreadable' | 'tool-failed' | 'no-tool';
