/**
 * What to look at in each step's payload: paths (as the inspector writes them, e.g.
 * `params.arguments`) with a note, keyed by stable step id. Provider messages differ by
 * wire format, so their focus is keyed by wire id as well. Highlights are data: the
 * inspector marks the lines these paths cover.
 */
export type Focus = {
  path: string;
  note: string;
  /** The field is in some messages only (isError: a failed tool); a test still checks the path reaches it in a run that has it. */
  optional?: true;
};

const MCP_FOCUS: Record<string, Focus[]> = {
  'user.question': [{ path: 'question', note: 'what the user wants, in words' }],
  'host.start-discovery': [{ path: 'era', note: 'decides the first messages' }],
  'mcp.initialize.request': [
    { path: 'params.protocolVersion', note: 'the version the client proposes' },
    { path: 'params.clientInfo', note: 'who is asking' },
  ],
  'mcp.initialize.response': [
    { path: 'result.protocolVersion', note: 'the version both will speak' },
    { path: 'result.capabilities', note: 'what the server offers: tools' },
  ],
  'mcp.initialized.notification': [{ path: 'method', note: 'no id: a notification expects no answer' }],
  'mcp.discover.request': [{ path: 'params._meta', note: 'protocol claims travel with every request in this era' }],
  'mcp.discover.response': [
    { path: 'result.supportedVersions', note: 'the versions the server speaks' },
    { path: 'result.capabilities', note: 'what the server offers' },
  ],
  'mcp.tools-list.request': [
    { path: 'method', note: 'an MCP request: the model is not involved' },
    { path: 'id', note: 'the JSON-RPC id the answer will carry' },
  ],
  'server.registry-read': [{ path: 'params.message', note: "the server's own words" }],
  'mcp.tools-list.response': [
    { path: 'result.tools[0].name', note: 'the name the model will use' },
    { path: 'result.tools[0].inputSchema', note: 'the contract for the arguments' },
    // 2026-07-28 only (SEP-2549): the answer says how long it may be reused, and by whom.
    { path: 'result.ttlMs', note: 'how long the list stays fresh: 0 means ask again next time (a list_changed ends it sooner)', optional: true },
    { path: 'result.cacheScope', note: 'who may keep it: private (this client alone) or public (shared)', optional: true },
  ],
  'client.tools-to-host': [{ path: 'tools', note: 'definitions only: no code' }],
  'mcp.tools-call.request': [
    { path: 'id', note: 'a new request, a new id' },
    { path: 'params.name', note: 'which tool' },
    { path: 'params.arguments', note: 'written by the model, now an object' },
  ],
  'server.registry-lookup': [{ path: 'params.message', note: "the server's own words" }],
  'server.validate-arguments': [{ path: 'params.message', note: 'each argument against its type' }],
  'server.execute': [{ path: 'params.message', note: 'the server’s own report of running the handler' }],
  'mcp.tools-call.response': [
    { path: 'result.content', note: 'what the tool returned' },
    { path: 'result.isError', note: 'set when the tool failed', optional: true },
  ],
  'client.result-to-host': [{ path: 'content', note: 'the result, not yet seen by the model' }],
  'host.answer': [{ path: 'answer', note: 'the model’s words, the run’s last' }],
  'host.stopped': [
    { path: 'stoppedBy', note: 'the field the provider used to say why' },
    { path: 'partialAnswer', note: 'what arrived before the stop', optional: true },
    { path: 'arrived', note: 'how far a reply that broke off had come', optional: true },
  ],
  // The authorization flow: what each exchange carries that the next one depends on.
  'auth.challenge': [
    { path: '["www-authenticate"]', note: 'the challenge: where the metadata is, which scopes' },
    { path: 'challenge.resourceMetadata', note: 'where to look next (RFC 9728)', optional: true },
    { path: 'challenge.error', note: 'invalid_token: the token held no longer works', optional: true },
  ],
  'auth.resource-metadata': [
    { path: 'resource', note: 'must name this server: the token is asked for it' },
    { path: 'authorization_servers', note: 'who issues tokens for this server' },
  ],
  'auth.server-metadata': [
    { path: 'issuer', note: 'must be exactly the issuer looked up' },
    { path: 'code_challenge_methods_supported', note: 'S256, or the flow stops' },
    { path: 'client_id_metadata_document_supported', note: 'the client may name itself by a URL', optional: true },
  ],
  'auth.client-id': [{ path: 'method', note: 'how the client identifies itself' }],
  'auth.client-registration': [{ path: 'client_id', note: 'the id the server gave this client' }],
  'auth.authorization-request': [
    { path: 'parameters.code_challenge', note: 'only the SHA-256 of the verifier travels' },
    { path: 'parameters.state', note: 'must come back unchanged' },
    { path: 'parameters.resource', note: 'the server the token will be for (RFC 8707)' },
  ],
  'auth.authorization-response': [{ path: 'checked', note: 'state and issuer compared with what was sent' }],
  'auth.token-request': [
    { path: 'sent.code_verifier', note: 'proves this client asked for the code (PKCE)' },
    { path: 'checked', note: 'token type and expiry, read before use', optional: true },
  ],
  'auth.retry': [{ path: 'authorization', note: 'the token goes to the MCP server only' }],
  'auth.client-credentials': [
    { path: 'sent.grant_type', note: 'client_credentials: no user, no code' },
    { path: 'authentication.claims', note: 'who signed: iss and sub the client, aud this server', optional: true },
    { path: 'checked', note: 'token type and expiry, read before use', optional: true },
  ],
  'auth.token-exchange': [
    { path: 'sent.audience', note: 'the authorization server the grant is for' },
    { path: 'checked', note: 'an ID-JAG came back, or the flow stops', optional: true },
  ],
  'auth.jwt-bearer': [
    { path: 'sent.grant_type', note: 'jwt-bearer: the ID-JAG is the grant' },
    { path: 'checked', note: 'token type and expiry, read before use', optional: true },
  ],
  'auth.refresh': [{ path: 'sent.grant_type', note: 'refresh_token: no user needed this time' }],
  'auth.step-up': [{ path: 'challenge.scope', note: 'the scopes this request needs' }],
  'host.url-refused': [
    { path: 'url', note: 'the address as it came: shown, never opened' },
    { path: 'found', note: 'what the URL gate found' },
  ],
  // Tasks: 2025-11-25 wraps the task and fetches the result apart; 2026-07-28 puts the task at the top and carries the result in tasks/get.
  'mcp.task.created': [
    { path: 'result.task', note: '2025-11-25: the task, wrapped; no result yet', optional: true },
    { path: 'result.resultType', note: '2026-07-28: "task", not "complete": no result yet', optional: true },
  ],
  'mcp.tasks-get.request': [{ path: 'params.taskId', note: 'the task’s id is all a poll needs' }],
  'mcp.task.working': [
    { path: 'result.status', note: 'still working', optional: true },
    { path: 'params.status', note: 'still working, told on the result stream', optional: true },
  ],
  'mcp.task.input-required': [
    { path: 'result.status', note: 'waiting for the client', optional: true },
    { path: 'result.inputRequests', note: '2026-07-28: what the task asks, by key', optional: true },
  ],
  'mcp.task.completed': [
    { path: 'result.status', note: 'over', optional: true },
    { path: 'params.status', note: 'over, told on the result stream', optional: true },
    { path: 'result.result', note: '2026-07-28: the tool’s result, inside the task', optional: true },
  ],
  'mcp.task.failed': [
    { path: 'result.error', note: '2026-07-28: the JSON-RPC error the task failed with', optional: true },
    { path: 'params.status', note: 'over, failed, told on the result stream', optional: true },
  ],
  'mcp.task.cancelled': [{ path: 'result.status', note: 'over, cancelled: no result will come', optional: true }],
  'mcp.tasks-update.request': [{ path: 'params.inputResponses', note: 'the answers, under the keys the task gave' }],
  'mcp.tasks-result.response': [
    { path: 'result.content', note: 'the tool’s result, fetched at last', optional: true },
    { path: 'error', note: 'the JSON-RPC error the task failed with', optional: true },
  ],
  'mcp.subscriptions-listen.request': [{ path: 'params.notifications', note: 'the notifications the client opts in to' }],
  'mcp.subscriptions.acknowledged': [
    { path: 'params.notifications', note: 'what the server agreed to send' },
    { path: 'params._meta["io.modelcontextprotocol/subscriptionId"]', note: 'the subscription’s id: the listen request’s id' },
  ],
};

/** Where each wire format puts the parts a learner should see. */
const PROVIDER_FOCUS: Record<string, Partial<Record<string, Focus[]>>> = {
  'openai-chat': {
    'provider.request': [
      { path: 'messages', note: 'the question' },
      { path: 'tools', note: 'the translated tools' },
    ],
    'llm.decide': [{ path: '[0].function.arguments', note: 'values the model chose, as a JSON string' }],
    'provider.response.tool-calls': [
      { path: 'choices[0].message.tool_calls', note: 'a request to call a tool' },
      { path: 'choices[0].finish_reason', note: 'why the model stopped' },
    ],
    'host.translate-tool-result': [{ path: 'messages', note: 'the conversation, now with the tool message' }],
    'provider.response.answer': [{ path: 'choices[0].message.content', note: 'the answer in words' }],
  },
  'openai-functions': {
    'provider.request': [
      { path: 'messages', note: 'the question' },
      { path: 'functions', note: 'the translated tools' },
    ],
    'llm.decide': [{ path: '[0].arguments', note: 'values the model chose, as a JSON string' }],
    'provider.response.tool-calls': [{ path: 'choices[0].message.function_call', note: 'one call, no id' }],
    'host.translate-tool-result': [{ path: 'messages', note: 'the conversation, now with the function message' }],
    'provider.response.answer': [{ path: 'choices[0].message.content', note: 'the answer in words' }],
  },
  'openai-responses': {
    'provider.request': [
      { path: 'input', note: 'the question' },
      { path: 'tools', note: 'the translated tools' },
    ],
    'provider.response.tool-calls': [{ path: 'output', note: 'a function_call item' }],
    'host.translate-tool-result': [{ path: 'input', note: 'now with the function_call_output' }],
    'provider.response.answer': [{ path: 'output', note: 'a message item with the answer' }],
  },
  anthropic: {
    'provider.request': [
      { path: 'messages', note: 'the question' },
      { path: 'tools', note: 'the translated tools' },
    ],
    'llm.decide': [{ path: '[0].input', note: 'values the model chose, as an object' }],
    'provider.response.tool-calls': [
      { path: 'content', note: 'a tool_use block' },
      { path: 'stop_reason', note: 'why the model stopped' },
    ],
    'host.translate-tool-result': [{ path: 'messages', note: 'now with the tool_result block' }],
    'provider.response.answer': [{ path: 'content', note: 'the answer in words' }],
  },
  gemini: {
    'provider.request': [
      { path: 'contents', note: 'the question' },
      { path: 'tools', note: 'the translated tools' },
    ],
    'llm.decide': [{ path: '[0].functionCall.args', note: 'values the model chose, as an object' }],
    'provider.response.tool-calls': [{ path: 'candidates[0].content.parts', note: 'a functionCall part' }],
    'host.translate-tool-result': [{ path: 'contents', note: 'now with the functionResponse part' }],
    'provider.response.answer': [{ path: 'candidates[0].content.parts', note: 'the answer in words' }],
  },
  ollama: {
    'provider.request': [
      { path: 'messages', note: 'the question' },
      { path: 'tools', note: 'the translated tools' },
    ],
    'llm.decide': [{ path: '[0].function.arguments', note: 'values the model chose, as an object' }],
    'provider.response.tool-calls': [{ path: 'message.tool_calls', note: 'a request to call a tool' }],
    'host.translate-tool-result': [{ path: 'messages', note: 'now with the tool message' }],
    'provider.response.answer': [{ path: 'message.content', note: 'the answer in words' }],
  },
};

/** Step ids and wire names come from imported files too: only the tables' own entries count, never what every object inherits (`constructor`, `__proto__`). */
export function findFocus({ stepId, wire }: { stepId: string; wire: string | null }): Focus[] {
  if (Object.hasOwn(MCP_FOCUS, stepId)) return MCP_FOCUS[stepId] ?? [];
  const byStep = wire && Object.hasOwn(PROVIDER_FOCUS, wire) ? PROVIDER_FOCUS[wire] : undefined;
  return byStep && Object.hasOwn(byStep, stepId) ? (byStep[stepId] ?? []) : [];
}

/** Every highlight with the step it belongs to, and its wire format (null: the same in all), so a test can check each one reaches its payload. */
export function listFocusEntries(): { stepId: string; wire: string | null; focus: Focus }[] {
  const common = Object.entries(MCP_FOCUS).flatMap(([stepId, focus]) => focus.map((entry) => ({ stepId, wire: null, focus: entry })));
  const byWire = Object.entries(PROVIDER_FOCUS).flatMap(([wire, steps]) =>
    Object.entries(steps).flatMap(([stepId, focus]) => (focus ?? []).map((entry) => ({ stepId, wire, focus: entry }))),
  );
  return [...common, ...byWire];
}
