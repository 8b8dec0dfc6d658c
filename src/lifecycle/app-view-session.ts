import type {
  CallToolRequest,
  CallToolResult,
  ListResourcesRequest,
  ListResourcesResult,
  ReadResourceRequest,
  ReadResourceResult,
} from '@modelcontextprotocol/client';
import type {
  AppBridge,
  McpUiHostCapabilities,
  McpUiHostContext,
  McpUiMessageRequest,
  McpUiResourcePermissions,
} from '@modelcontextprotocol/ext-apps/app-bridge';
import type { McpTool } from '../providers/index.ts';
import { VIEW_PERMISSION_FEATURES, type ViewPermission } from '../trace/index.ts';
import { AppViewChannel } from './app-view-channel.ts';
import type { AppFrame, AppViewContext } from './app-view-host.ts';
import type { ViewResource } from './app-view-meta.ts';
import type { RunSlice } from './run-context.ts';
import type { ViewSession } from './run-state-types.ts';
import { VIEW_LOAD_MS, VIEW_TEARDOWN_MS } from './timeouts.ts';

/** What a view's session needs: the view host, the gate and the writer. */
export type ViewSessionContext = RunSlice<'writer' | 'gate' | 'signal', 'appViews'>;

/**
 * One view's conversation with the host, spoken by the official host side of MCP Apps
 * (AppBridge from @modelcontextprotocol/ext-apps) over the frame's channel, every message a
 * step (app-view-channel.ts). The bridge is given no MCP client: it cannot reach the server
 * by itself, so each call the view asks for comes to the host's own handlers (ViewRequests),
 * which send it through the run's gate and consent like the model's calls.
 */

/** How the host answers what the view asks of the server and of the user. */
export type ViewRequests = {
  callTool(params: CallToolRequest['params']): Promise<CallToolResult>;
  readResource(params: ReadResourceRequest['params']): Promise<ReadResourceResult>;
  listResources(params: ListResourcesRequest['params']): Promise<ListResourcesResult>;
  /** Resolves once the link is open; throws (a JSON-RPC error for the view) when it is not. */
  openLink(url: string): Promise<void>;
  postMessage(params: McpUiMessageRequest['params']): Promise<void>;
};

export type { ViewSession };

export type ViewSessionStart = { ok: true; session: ViewSession } | { ok: false; reason: string; session?: undefined };

export const HOST_INFO = { name: 'mcp-lifecycle-explorer-host', version: '0.1.0' };

/** The permissions the resource asked for that this host grants: the known four, as `{}` each. */
export function grantPermissions(asked: Record<string, unknown>): McpUiResourcePermissions {
  const granted: Record<string, object> = {};
  for (const permission of Object.keys(VIEW_PERMISSION_FEATURES) as ViewPermission[]) {
    if (asked[permission] !== undefined && asked[permission] !== null && asked[permission] !== false) granted[permission] = {};
  }
  return granted;
}

/** What the host tells the view it can do: call the server's tools and read its resources (through the host), open links, take messages and logs. */
export function describeHostCapabilities(resource: ViewResource): McpUiHostCapabilities {
  return {
    openLinks: {},
    serverTools: {},
    serverResources: {},
    logging: {},
    message: { text: {} },
    sandbox: { permissions: grantPermissions(resource.permissions), csp: resource.csp.csp },
  };
}

/** The view's context: the page's theme and room, one display mode, and the tool it was opened for. */
export function describeHostContext(context: AppViewContext, tool: McpTool): McpUiHostContext {
  return {
    ...(context.theme ? { theme: context.theme } : {}),
    displayMode: 'inline',
    availableDisplayModes: ['inline'],
    containerDimensions: { maxHeight: context.maxHeight, ...(context.maxWidth === undefined ? {} : { maxWidth: context.maxWidth }) },
    platform: 'web',
    toolInfo: { tool },
  };
}

/** True once the promise settles, false after `ms` (or when the signal aborts) if it has not. */
function within(promise: Promise<unknown>, ms: number, signal: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    const stop = () => resolve(false);
    signal.addEventListener('abort', stop, { once: true });
    void promise
      .then(
        () => resolve(true),
        () => resolve(true),
      )
      .finally(() => {
        clearTimeout(timer);
        signal.removeEventListener('abort', stop);
      });
  });
}

function createBridge(
  module: typeof import('@modelcontextprotocol/ext-apps/app-bridge'),
  { resource, tool, viewContext }: { resource: ViewResource; tool: McpTool; viewContext: AppViewContext },
): AppBridge {
  return new module.AppBridge(null, HOST_INFO, describeHostCapabilities(resource), { hostContext: describeHostContext(viewContext, tool) });
}

/** Wires the view's requests to the host's handlers, and the frame's size to what the view reports. */
function answerView(bridge: AppBridge, { frame, requests, onCloseRequested }: { frame: AppFrame; requests: ViewRequests; onCloseRequested: () => void }): void {
  bridge.oncalltool = (params) => requests.callTool(params);
  bridge.onreadresource = (params) => requests.readResource(params);
  bridge.onlistresources = (params) => requests.listResources(params);
  bridge.onopenlink = async ({ url }) => {
    await requests.openLink(url);
    return {};
  };
  bridge.onmessage = async (params) => {
    await requests.postMessage(params);
    return {};
  };
  // A log line is a step already (the channel records every message); the host keeps nothing else of it.
  bridge.onloggingmessage = () => {};
  bridge.onsizechange = (size) => frame.resize(size);
  bridge.onrequestteardown = () => onCloseRequested();
}

/**
 * Loads the view: the channel starts (the frame then loads its sandbox proxy), the proxy
 * says it is ready, the host hands it the HTML and policy (at the gate), and the view's
 * handshake follows. Each wait is bounded: a view that does not load is not waited for.
 */
export async function startViewSession({
  context,
  id,
  frame,
  resource,
  tool,
  requests,
}: {
  context: ViewSessionContext;
  id: string;
  frame: AppFrame;
  resource: ViewResource;
  tool: McpTool;
  requests: ViewRequests;
}): Promise<ViewSessionStart> {
  const module = await import('@modelcontextprotocol/ext-apps/app-bridge');
  const viewContext = context.options.appViews?.host.describeContext() ?? { maxHeight: 480 };
  const bridge = createBridge(module, { resource, tool, viewContext });
  let requestClose = (_reason: string) => {};
  const closeRequested = new Promise<string>((resolve) => (requestClose = resolve));
  answerView(bridge, { frame, requests, onCloseRequested: () => requestClose('The view asked to be closed') });
  const proxyReady = new Promise<void>((resolve) => (bridge.onsandboxready = () => resolve()));
  const initialized = new Promise<void>((resolve) => (bridge.oninitialized = () => resolve()));
  const channel = new AppViewChannel(frame.transport, { writer: context.writer, gate: context.gate, onFlood: (reason) => requestClose(reason) });
  await bridge.connect(channel);
  const fail = async (reason: string): Promise<ViewSessionStart> => {
    await bridge.close().catch(() => {});
    frame.remove();
    return { ok: false, reason };
  };
  if (!(await within(proxyReady, VIEW_LOAD_MS, context.signal)) && !context.signal.aborted) {
    return fail(`its sandbox (${frame.sandbox.proxyUrl}) did not say it was ready within ${VIEW_LOAD_MS / 1000} s`);
  }
  await bridge.sendSandboxResourceReady({ html: resource.html, csp: resource.csp.csp, permissions: grantPermissions(resource.permissions) });
  if (!(await within(initialized, VIEW_LOAD_MS, context.signal)) && !context.signal.aborted) {
    return fail(`the view did not finish its handshake (ui/initialize, then ui/notifications/initialized) within ${VIEW_LOAD_MS / 1000} s of getting its HTML`);
  }
  let closed = false;
  const session: ViewSession = {
    id,
    resourceUri: resource.uri,
    toolName: tool.name,
    tellInput: (args) => bridge.sendToolInput({ arguments: args }),
    tellResult: (result) => bridge.sendToolResult(result),
    tellCancelled: (reason) => bridge.sendToolCancelled({ reason }),
    closeRequested,
    async close(reason) {
      if (closed) return;
      closed = true;
      // The view may save what it must; one that does not answer in time is removed all the same.
      await within(bridge.teardownResource({ reason }, { timeout: VIEW_TEARDOWN_MS }), VIEW_TEARDOWN_MS, new AbortController().signal);
      await bridge.close().catch(() => {});
      frame.remove();
    },
  };
  return { ok: true, session };
}
