import { ProtocolError, type CallToolResult } from '@modelcontextprotocol/client';
import { describeNoScreen, describeNoScreenResult, describeViewFailed } from '../content/index.ts';
import type { McpTool, ToolRoundResult } from '../providers/index.ts';
import { formatViewAllow, formatViewPolicy, SEPARATE_PROXY_SANDBOX, VIEW_FRAME_SANDBOX } from '../trace/index.ts';
import type { AppSandboxFacts } from './app-view-host.ts';
import { readToolView, readViewResource, type ToolView as DeclaredView, type ViewResource } from './app-view-meta.ts';
import { createViewRequests, type ViewRequestsContext } from './app-view-requests.ts';
import { describeHostCapabilities, grantPermissions, startViewSession, type ViewSession, type ViewSessionContext } from './app-view-session.ts';
import { RunAborted } from './faults.ts';
import { explainMcpError, guardMcpCall, type McpCallContext } from './guard-mcp-call.ts';
import type { RunSlice } from './run-context.ts';
import type { ToolCallParams } from './run-state-types.ts';
import { WAIT_FOR_LEARNER_MS } from './timeouts.ts';

/** What a tool's view needs: its resource read, its session, its requests, and the views kept in the state. */
export type ViewsContext = ViewRequestsContext &
  ViewSessionContext &
  McpCallContext &
  RunSlice<'hostStep' | 'traffic' | 'signal' | 'writer', 'appViews', 'connection' | 'views' | 'closeViews'>;

/**
 * A tool's view (MCP Apps) in the run: when the model calls a tool whose `_meta.ui` names a
 * view, the host reads the view's resource, renders it (a host with a screen) or says what it
 * would have rendered and sent (the CLI), tells it the arguments, and later the result. After
 * the answer the views stay on screen, calling the server through the host, until closed.
 */

/** What a tool call tells its view once the call is over. */
export type ToolView = {
  tellResult(result: CallToolResult): Promise<void>;
  tellCancelled(reason: string): Promise<void>;
};

const requestOptions = { onprogress: () => {}, timeout: WAIT_FOR_LEARNER_MS };

/** resources/read of the view through the host's client; a server that cannot give it costs the view, not the run. */
async function readViewFor(context: ViewsContext, tool: McpTool, declared: DeclaredView): Promise<ViewResource | undefined> {
  const { connection } = context.state;
  if (!connection) throw new Error('The MCP client is not connected.');
  await context.hostStep('host.read-app-view', {
    payload: {
      tool: tool.name,
      resourceUri: declared.resourceUri,
      visibility: declared.visibility,
      action: 'resources/read, on the host’s own account: the model is told the tool, never its view',
    },
  });
  let reading: ReturnType<typeof readViewResource>;
  try {
    const result = await guardMcpCall(context, 'during resources/read of the view', (signal) =>
      connection.request((client) => client.readResource({ uri: declared.resourceUri }, { ...requestOptions, signal })),
    );
    await context.traffic.answered('resources/read');
    reading = readViewResource(declared.resourceUri, result);
  } catch (error) {
    if (!(error instanceof ProtocolError) || context.signal.aborted) throw explainMcpError(context, error, 'during resources/read of the view');
    await context.traffic.answered('resources/read');
    reading = { ok: false, reason: `the server refused resources/read (MCP error ${error.code}: ${error.message})` };
  }
  if (reading.ok) return reading.resource;
  recordFailure(context, declared.resourceUri, reading.reason);
  return undefined;
}

function recordFailure(context: ViewsContext, resourceUri: string, reason: string): void {
  context.writer.append('host.app-failed', {
    payload: { resourceUri, reason, then: 'the call goes on, and the model gets its result, as from a host with no screen' },
    title: describeViewFailed(reason),
  });
}

/** How the view would be framed: the policy and permissions from its resource, the sandbox of its frames. */
function describeRender(resource: ViewResource, facts: AppSandboxFacts | undefined): Record<string, unknown> {
  return {
    resourceUri: resource.uri,
    frames: facts
      ? { proxy: facts.proxyUrl, proxyOrigin: facts.proxyOrigin, proxySandbox: facts.proxySandbox, viewSandbox: facts.viewSandbox }
      : { proxy: 'a sandbox page on an origin other than the host’s', proxySandbox: SEPARATE_PROXY_SANDBOX, viewSandbox: VIEW_FRAME_SANDBOX },
    policy: formatViewPolicy(resource.csp.csp),
    allow: formatViewAllow(grantPermissions(resource.permissions)) || '(no device permission)',
    ...(resource.csp.refused.length > 0 ? { refused: resource.csp.refused } : {}),
    ...(resource.domain === undefined
      ? {}
      : { domainNotGiven: `${resource.domain}: this host gives every view an opaque origin of its own, not a dedicated domain` }),
  };
}

/** The CLI's part: what a host with a screen would have rendered and told the view, marked as not sent. */
function recordNotShown(context: ViewsContext, { tool, params, resource }: { tool: McpTool; params: ToolCallParams; resource: ViewResource }): ToolView {
  context.writer.append('host.app-not-shown', {
    title: describeNoScreen(resource.uri),
    payload: {
      sent: false,
      wouldRender: describeRender(resource, undefined),
      wouldSend: [
        {
          method: 'ui/notifications/sandbox-resource-ready',
          params: {
            html: `(the ${resource.html.length.toLocaleString('en')} characters of the resource)`,
            csp: resource.csp.csp,
            permissions: grantPermissions(resource.permissions),
          },
        },
        {
          answerTo: 'ui/initialize',
          result: {
            hostInfo: { name: 'mcp-lifecycle-explorer-host' },
            hostCapabilities: describeHostCapabilities(resource),
            hostContext: { displayMode: 'inline', toolInfo: { tool: tool.name } },
          },
        },
        { method: 'ui/notifications/tool-input', params: { arguments: params.arguments ?? {} } },
      ],
    },
  });
  const wouldTell = async (message: Record<string, unknown>) => {
    context.writer.append('host.app-not-shown', { title: describeNoScreenResult(String(message.method)), payload: { sent: false, wouldSend: [message] } });
  };
  return {
    tellResult: (result) => wouldTell({ method: 'ui/notifications/tool-result', params: result }),
    tellCancelled: (reason) => wouldTell({ method: 'ui/notifications/tool-cancelled', params: { reason } }),
  };
}

/**
 * The view of the tool the model is calling, before the call: read, rendered, handshake done,
 * the arguments told. Undefined when the tool has none, or it could not be shown.
 */
export async function openToolView(
  context: ViewsContext,
  { tool, params, callTool }: { tool: McpTool; params: ToolCallParams; callTool: (params: ToolCallParams) => Promise<ToolRoundResult['outcome']> },
): Promise<ToolView | undefined> {
  const declared = readToolView(tool);
  if (!declared) return undefined;
  const resource = await readViewFor(context, tool, declared);
  if (!resource) return undefined;
  const host = context.options.appViews?.host;
  if (!host) return recordNotShown(context, { tool, params, resource });
  const facts = await host.prepare();
  const rendered = await context.hostStep('host.app-render', { payload: describeRender(resource, facts) });
  const id = `view-${rendered.n}`;
  const allow = formatViewAllow(grantPermissions(resource.permissions));
  const frame = host.open({
    id,
    resourceUri: resource.uri,
    toolName: tool.name,
    allow,
    ...(resource.prefersBorder === undefined ? {} : { prefersBorder: resource.prefersBorder }),
  });
  const started = await startViewSession({ context, id, frame, resource, tool, requests: createViewRequests(context, callTool) });
  if (!started.ok) {
    if (context.signal.aborted) throw new RunAborted();
    recordFailure(context, resource.uri, started.reason);
    return undefined;
  }
  const session = started.session;
  context.state.views.push(session);
  void session.closeRequested.then((reason) => closeView(context, session, reason));
  await session.tellInput(params.arguments ?? {});
  return session;
}

/** Tears one view down and forgets it; the run's wait for its views ends when none is left. */
async function closeView(context: ViewsContext, session: ViewSession, reason: string): Promise<void> {
  const { state } = context;
  if (!state.views.includes(session)) return;
  state.views = state.views.filter((view) => view !== session);
  await session.close(reason);
  if (state.views.length === 0) state.closeViews?.();
}

/** Every view on screen, torn down (ui/resource-teardown, then the frame goes). */
export async function closeAllViews(context: ViewsContext, reason: string): Promise<void> {
  for (const session of [...context.state.views]) await closeView(context, session, reason);
}

/**
 * After the answer: the views stay on screen, and whatever they ask of the server goes
 * through the host (each a step), until the learner closes them or each asks to be closed.
 */
export async function keepViewsLive(context: ViewsContext): Promise<void> {
  const { state, writer } = context;
  if (state.views.length === 0) return;
  writer.append('host.app-live', {
    payload: {
      views: state.views.map((view) => ({ resourceUri: view.resourceUri, tool: view.toolName })),
      until: 'you close the view (Close the view), or the view asks to be closed',
    },
  });
  writer.emit({ type: 'views-live', live: true });
  try {
    await new Promise<void>((resolve, reject) => {
      if (state.views.length === 0) resolve();
      state.closeViews = resolve;
      context.signal.addEventListener('abort', () => reject(new RunAborted()), { once: true });
    });
  } finally {
    state.closeViews = null;
    writer.emit({ type: 'views-live', live: false });
  }
  await closeAllViews(context, 'The user closed the view');
}
