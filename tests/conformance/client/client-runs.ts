import { z } from 'zod';

/**
 * What the learner at the terminal asks of each conformance client scenario's server:
 * one CLI run or several, each a question and its flags. The suite's servers offer
 * their own tools (add_numbers, test-tool, test_client_elicitation_defaults…); a learner
 * who wants a tool called asks for it in words, and the mock model picks the tool the
 * words name (server/mock-model/match-tool-to-question.ts), so the question is what is
 * chosen per scenario. Where the suite hands the client the calls to make (its context's
 * toolCalls), the learner asks for each call with its arguments written out as JSON,
 * which the mock takes as given. Every run names the server, the era the suite speaks
 * and --authorize, as a learner trying a protected server would.
 */

export type ClientRun = { question: string; flags: string[] };

export type ClientRunPlan = {
  scenario: string;
  serverUrl: string;
  /** MCP_CONFORMANCE_CONTEXT, parsed. */
  context: unknown;
  /** MCP_CONFORMANCE_PROTOCOL_VERSION: set by the 0.2 suites; 0.1.x speaks 2025-11-25. */
  protocolVersion: string | undefined;
  /** Where the context's private_key_pem was written (trace-as-client.ts): the CLI reads a key from a file only. */
  privateKeyFile?: string;
};

const ERAS = ['2025-11-25', '2026-07-28'];

/** The question(s) for a scenario whose server has tools the learner wants called, one run each. */
const QUESTIONS: Record<string, string[]> = {
  initialize: ['What is 2 plus 3?'],
  tools_call: ['What is 2 plus 3?'],
  'elicitation-sep1034-client-defaults': ['Test the client elicitation defaults.'],
  'sse-retry': ['Test the reconnection.'],
  'http-invalid-tool-headers': ['Call the valid tool with {"region": "us-east1"}'],
  // Each MRTR tool of SEP-2322 in a run of its own: an answer with input, one without request state, an unrelated call, a result with no resultType.
  'sep-2322-client-request-state': ['Test the MRTR echo state.', 'Test the MRTR no state.', 'Test the MRTR unrelated tool.', 'Test the MRTR no result type.'],
};

/** Auth scenarios: the suite's MCP server offers test-tool; step-up asks for a scope only tools/call needs. */
const AUTH_QUESTION = 'Run the test tool.';

/**
 * The client credentials extension's scenarios (SEP-1046): the context holds a machine
 * client's id with its secret, or its private key (PKCS#8 PEM) and signing_algorithm; the
 * operator of a machine client chooses its grant, so the learner names it (--grant).
 */
const MACHINE_CLIENT_SCENARIO = /^auth\/client-credentials-/;

/**
 * SEP-990's scenarios (auth/cross-app-access-complete-flow in 0.1.x,
 * auth/enterprise-managed-authorization in 0.2.x): the context holds the user's ID token
 * from the suite's IdP and that IdP's token endpoint, which only they hand the client.
 */

export const ContextSchema = z.object({
  client_id: z.string().optional(),
  client_secret: z.string().optional(),
  idp_client_id: z.string().optional(),
  idp_id_token: z.string().optional(),
  idp_token_endpoint: z.string().optional(),
  private_key_pem: z.string().optional(),
  signing_algorithm: z.string().optional(),
  toolCalls: z.array(z.object({ name: z.string(), arguments: z.record(z.string(), z.unknown()) })).optional(),
});

/**
 * json-schema-2020-12-preservation (SEP-1613, SEP-2106) wants the inputSchema of the focal
 * tool sent back verbatim as json_schema_echo's `schema` argument. A model would have to
 * copy a schema out of its tool list; the mock writes arguments from the question. So the
 * learner does the copying, as one reading the trace would: a first run lists the tools
 * (--json), the learner takes the focal tool's inputSchema from the step where the host's
 * MCP client hands the tools to the host (client.tools-to-host: the schema after the
 * host's own parsing, not the wire's), and a second run asks for json_schema_echo with it
 * written out as JSON, which the mock takes as given. A keyword the host dropped or
 * changed on its way in or out is missing from what comes back, which the scenario checks.
 */
export const SCHEMA_ECHO_SCENARIO = 'json-schema-2020-12-preservation';
const FOCAL_TOOL = 'json_schema_2020_12_tool';
const ListingTraceSchema = z.object({ steps: z.array(z.object({ id: z.string(), payload: z.unknown().optional() })) });
const ToolsToHostSchema = z.object({ tools: z.array(z.looseObject({ name: z.string(), inputSchema: z.unknown() })) });

/** The second run: json_schema_echo with the focal tool's inputSchema as the host showed it in the first run's trace. */
export function planSchemaEcho({ listing, flags }: { listing: string; flags: string[] }): ClientRun | undefined {
  const trace = ListingTraceSchema.safeParse(JSON.parse(listing));
  const handed = trace.success ? trace.data.steps.find((step) => step.id === 'client.tools-to-host') : undefined;
  const tools = ToolsToHostSchema.safeParse(handed?.payload);
  const schema = tools.success ? tools.data.tools.find((tool) => tool.name === FOCAL_TOOL)?.inputSchema : undefined;
  if (schema === undefined) return undefined;
  return { question: `Call json_schema_echo with ${JSON.stringify({ schema })}`, flags };
}

function readEra(protocolVersion: string | undefined): string {
  return protocolVersion && ERAS.includes(protocolVersion) ? protocolVersion : '2025-11-25';
}

function listQuestions(scenario: string, toolCalls: z.infer<typeof ContextSchema>['toolCalls']): string[] {
  if (toolCalls) return toolCalls.map((call) => `Call ${call.name} with ${JSON.stringify(call.arguments)}`);
  return QUESTIONS[scenario] ?? (scenario.startsWith('auth/') ? [AUTH_QUESTION] : ['What is 2 plus 3?']);
}

export function planClientRuns({ scenario, serverUrl, context, protocolVersion, privateKeyFile }: ClientRunPlan): ClientRun[] {
  const {
    client_id: clientId,
    signing_algorithm: algorithm,
    idp_client_id: idpClientId,
    idp_token_endpoint: idpTokenEndpoint,
    toolCalls,
  } = ContextSchema.parse(context ?? {});
  const flags = ['--server', serverUrl, '--era', readEra(protocolVersion), '--authorize'];
  if (clientId !== undefined) flags.push('--client-id', clientId);
  if (MACHINE_CLIENT_SCENARIO.test(scenario)) flags.push('--grant', 'client-credentials');
  if (idpTokenEndpoint !== undefined)
    flags.push('--grant', 'enterprise', '--idp-token-endpoint', idpTokenEndpoint, ...(idpClientId !== undefined ? ['--idp-client-id', idpClientId] : []));
  if (privateKeyFile !== undefined) flags.push('--private-key-file', privateKeyFile, ...(algorithm ? ['--private-key-alg', algorithm] : []));
  // The schema echo's first run only lists the tools, its trace read by trace-as-client.ts (planSchemaEcho).
  if (scenario === SCHEMA_ECHO_SCENARIO) return [{ question: 'Which tools does this server offer?', flags: [...flags, '--json'] }];
  return listQuestions(scenario, toolCalls).map((question) => ({ question, flags }));
}
