import { specTypeSchemas } from '@modelcontextprotocol/client';
import type { McpTool, ToolSet } from '../providers/index.ts';
import { REDACTED } from '../trace/index.ts';
import { HostFault } from './faults.ts';
import { guardMcpCall } from './guard-mcp-call.ts';
import { McpConnection } from './mcp-connection.ts';
import { isSecretMcpHeader, type McpHeader } from './mcp-headers.ts';
import { reportMissingRequired } from './report-missing-required.ts';
import { readResultWithoutType } from './result-without-type.ts';
import { describeQuestionStep } from './question-step.ts';
import { keepModelTools } from './app-view-tools.ts';
import type { RunSlice } from './run-context.ts';
import { WAIT_FOR_LEARNER_MS } from './timeouts.ts';
import { waitForServer } from './wait-for-server.ts';
import { subscribeToToolChanges, type ToolChangesSubscriptionContext } from './subscribe-tool-changes.ts';
import { connectToServer, explainConnectError, readMcpUrl, type ConnectContext } from './connect-to-server.ts';
/** What the first step needs: the question and the gate. */
export type QuestionContext = RunSlice<'hostStep', 'question'>;

/** What discovery needs: the server and how to reach it, the era, what the host declares, and the connection it keeps in the state. */
export type DiscoveryContext = ConnectContext &
  ToolChangesSubscriptionContext &
  RunSlice<
    'trace' | 'signal' | 'hostStep' | 'traffic' | 'adapter' | 'say',
    'question' | 'serverReady' | 'provider' | 'mcpTransport' | 'mcpHeaders' | 'era' | 'mcpUrl',
    'tools' | 'toolsListedAt'
  >;
/**
 * Discovery, steps 1-7: the question, the host asking its MCP client for tools, the
 * handshake (connect-to-server.ts) and tools/list on the wire, and translation #1 of the
 * tools into the provider's format.
 */
async function listTools(context: DiscoveryContext, connection: McpConnection): Promise<McpTool[]> {
  try {
    const listed = await guardMcpCall(context, 'during tools/list', (signal) =>
      // The host decides when to list (list_changed, ttlMs) and does it on the wire: the SDK's own cache never answers in its place.
      connection.request((client) => client.listTools(undefined, { cacheMode: 'refresh', onprogress: () => {}, timeout: WAIT_FOR_LEARNER_MS, signal })),
    );
    return listed.tools;
  } catch (error) {
    const complete = await readResultWithoutType(context, { method: 'tools/list', schema: specTypeSchemas.ListToolsResult, error });
    if (complete) return complete.tools;
    throw explainConnectError(context, error, 'during tools/list');
  }
}

/** The learner's headers as the step shows them: every name, secret values only as sent and redacted. */
function describeSentHeaders(headers: readonly McpHeader[]): { headers?: Record<string, string> } {
  if (headers.length === 0) return {};
  return {
    headers: Object.fromEntries(
      headers.map((header) => [header.name.trim(), isSecretMcpHeader(header) ? `${REDACTED} (sent to the server)` : header.value.trim()]),
    ),
  };
}

/** Step 1: the question reaches the host; an empty one ends the run there, in either topology. */
export async function receiveQuestion(context: QuestionContext): Promise<void> {
  await context.hostStep('user.question', describeQuestionStep(context.options.question));
  if (context.options.question.trim() === '') {
    throw new HostFault({
      what: 'The question is empty.',
      why: 'The host has nothing to ask the model.',
      fix: 'Type a question, for example “What is 5 plus 7?”, and press Next.',
    });
  }
}

/** Runs discovery to the tools in the provider's format, with the names it had to change. */
export async function discoverTools(context: DiscoveryContext): Promise<ToolSet> {
  const { options, hostStep } = context;
  await receiveQuestion(context);
  // A stdio server is named by its command, not reached by a URL.
  const url = options.mcpTransport ? undefined : readMcpUrl(options.mcpUrl, context.say);
  await hostStep('host.start-discovery', {
    payload: {
      action: 'connect to the MCP server and list its tools',
      server: context.trace.mcp.url,
      era: options.era,
      ...(options.era === 'auto' ? { plan: 'try 2026-07-28 (server/discover); if the server does not speak it, fall back to 2025-11-25 (initialize)' } : {}),
      ...describeSentHeaders(options.mcpHeaders ?? []),
    },
  });

  await waitForServer({ ready: options.serverReady, signal: context.signal });
  const connection = await connectToServer(context, url);
  await subscribeToToolChanges(context, connection);
  return listAndTranslateTools(context, connection);
}

/** tools/list, the tools to the host, and translation #1: at discovery, and again when the server's list changed. */
export async function listAndTranslateTools(context: DiscoveryContext, connection: McpConnection): Promise<ToolSet> {
  const { options, hostStep } = context;
  const tools = await listTools(context, connection);
  await context.traffic.answered('tools/list');
  context.state.tools = tools;
  context.state.toolsListedAt = context.trace.steps.findLast((step) => step.id === 'mcp.tools-list.response')?.n ?? context.trace.steps.length;
  await hostStep('client.tools-to-host', { payload: { tools } });

  // A tool only a view may call (MCP Apps visibility) is not the model's to call: the host leaves it out, and says so.
  const forModel = keepModelTools(tools);
  const translated = context.adapter.prepareTools({ tools: forModel.tools, strict: options.provider.strict ?? false });
  await hostStep('host.translate-tools', {
    payload: translated.result.tools,
    translation: {
      number: 1,
      input: forModel.tools,
      output: translated.result.tools,
      warnings: [...forModel.warnings, ...reportMissingRequired(forModel.tools), ...translated.warnings],
      changes: translated.changes,
    },
  });
  return translated.result;
}
