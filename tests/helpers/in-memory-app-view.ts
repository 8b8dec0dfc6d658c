import { InMemoryTransport, type JSONRPCMessage, type Transport } from '@modelcontextprotocol/client';
import { App, type McpUiToolInputNotification, type McpUiToolResultNotification } from '@modelcontextprotocol/ext-apps';
import type { AppFrame, AppFrameRequest, AppSandboxFacts, AppViewHost } from '../../src/lifecycle/app-view-host.ts';
import type { GatedUrl } from '../../src/trace/url-gate.ts';
import { z } from 'zod';

const ResourceReadySchema = z.object({ html: z.string(), csp: z.unknown().optional(), permissions: z.unknown().optional() });

/**
 * A screen for the engine in Node (RunOptions.appViews), with the official view side of MCP
 * Apps: each frame's sandbox proxy is played here as the page's is (src/app-sandbox.ts). It
 * says it is ready once the host listens, keeps the HTML and policy the host hands it, then
 * starts a real `App` (@modelcontextprotocol/ext-apps) and passes every other message between
 * it and the host unchanged. What the App is told and answers is the SDK's own doing.
 */

export const IN_MEMORY_FACTS: AppSandboxFacts = {
  proxyUrl: 'memory:app-sandbox',
  proxyOrigin: '(in memory, no frame)',
  proxySandbox: '(none)',
  viewSandbox: '(none)',
};

export type InMemoryView = {
  request: AppFrameRequest;
  /** What the host handed the proxy in ui/notifications/sandbox-resource-ready. */
  resource?: { html: string; csp?: unknown; permissions?: unknown };
  app?: App;
  inputs: McpUiToolInputNotification['params'][];
  results: McpUiToolResultNotification['params'][];
  teardowns: unknown[];
  sizes: { width?: number | undefined; height?: number | undefined }[];
  removed: boolean;
  /** Resolves once the App finished its handshake. */
  connected: Promise<App>;
};

export type InMemoryAppView = { host: AppViewHost; views: InMemoryView[]; opened: GatedUrl[] };

/** Starts the transport's other end before the host sends, and says the proxy is ready once the host listens. */
function startProxy(hostSide: InMemoryTransport, proxySide: InMemoryTransport): Transport {
  return {
    async start() {
      await proxySide.start();
      await hostSide.start();
      await proxySide.send({ jsonrpc: '2.0', method: 'ui/notifications/sandbox-proxy-ready', params: {} });
    },
    send: (message, options) => hostSide.send(message, options),
    close: () => hostSide.close(),
    set onmessage(handler: Transport['onmessage']) {
      hostSide.onmessage = handler;
    },
    get onmessage() {
      return hostSide.onmessage;
    },
    set onclose(handler: Transport['onclose']) {
      hostSide.onclose = handler;
    },
    set onerror(handler: Transport['onerror']) {
      hostSide.onerror = handler;
    },
  };
}

function openView(request: AppFrameRequest, views: InMemoryView[], configure: (app: App, view: InMemoryView) => void): AppFrame {
  const [hostSide, proxySide] = InMemoryTransport.createLinkedPair();
  let toApp: InMemoryTransport | undefined;
  let connect: (app: App) => void = () => {};
  const view: InMemoryView = {
    request,
    inputs: [],
    results: [],
    teardowns: [],
    sizes: [],
    removed: false,
    connected: new Promise<App>((resolve) => (connect = resolve)),
  };
  views.push(view);
  const startApp = async (params: { html: string; csp?: unknown; permissions?: unknown }) => {
    view.resource = params;
    const [proxyToApp, appSide] = InMemoryTransport.createLinkedPair();
    toApp = proxyToApp;
    proxyToApp.onmessage = (message: JSONRPCMessage) => void proxySide.send(message);
    await proxyToApp.start();
    const app = new App({ name: 'in-memory-view', version: '1.0.0' }, {}, { autoResize: false });
    app.ontoolinput = (params) => view.inputs.push(params);
    app.ontoolresult = (params) => view.results.push(params);
    app.onteardown = async (params) => {
      view.teardowns.push(params);
      return {};
    };
    configure(app, view);
    view.app = app;
    await app.connect(appSide);
    connect(app);
  };
  proxySide.onmessage = (message) => {
    if ('method' in message && message.method === 'ui/notifications/sandbox-resource-ready') {
      void startApp(ResourceReadySchema.parse(message.params));
      return;
    }
    void toApp?.send(message);
  };
  return {
    transport: startProxy(hostSide, proxySide),
    sandbox: IN_MEMORY_FACTS,
    resize: (size) => {
      view.sizes.push(size);
      return { ...(size.width === undefined ? {} : { width: size.width }), ...(size.height === undefined ? {} : { height: size.height }) };
    },
    remove: () => {
      view.removed = true;
    },
  };
}

export function createInMemoryAppView({ configure = () => {} }: { configure?: (app: App, view: InMemoryView) => void } = {}): InMemoryAppView {
  const views: InMemoryView[] = [];
  const opened: GatedUrl[] = [];
  return {
    views,
    opened,
    host: {
      prepare: async () => IN_MEMORY_FACTS,
      describeContext: () => ({ theme: 'light', maxHeight: 480 }),
      openLink: (url) => opened.push(url),
      open: (request) => openView(request, views, configure),
    },
  };
}
