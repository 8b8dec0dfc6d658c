import { formatViewAllow, formatViewPolicy, VIEW_FRAME_SANDBOX, type ViewCsp, escapeMarkup } from './trace/index.ts';

/**
 * The sandbox proxy of MCP Apps (SEP-1865, "Sandbox proxy"), app-sandbox.html: the outer frame
 * the explorer puts a tool's view in, on an origin other than the explorer's (npm start's
 * second port, or an opaque origin on the static site). It says it is ready, takes the view's
 * HTML and policy from the explorer once, writes them into an inner frame of its own (scripts
 * only, an opaque origin, the view's policy first in its document), and from then on passes
 * every message between the view and the explorer unchanged, except the `sandbox-` ones,
 * which are between the explorer and this page alone. It keeps nothing and holds no secret.
 */

const PROXY_READY = 'ui/notifications/sandbox-proxy-ready';
const RESOURCE_READY = 'ui/notifications/sandbox-resource-ready';
const SANDBOX_METHODS = 'ui/notifications/sandbox-';

type JsonRpcObject = { jsonrpc: '2.0'; method?: unknown; params?: unknown };

function isJsonRpc(data: unknown): data is JsonRpcObject {
  return typeof data === 'object' && data !== null && 'jsonrpc' in data && data.jsonrpc === '2.0';
}

function isSandboxMessage(data: JsonRpcObject): boolean {
  return typeof data.method === 'string' && data.method.startsWith(SANDBOX_METHODS);
}

/** The explorer's origin, which the explorer writes into this page's address (?host=): messages go to it alone. */
function readHostOrigin(): string | undefined {
  const named = new URLSearchParams(window.location.search).get('host');
  if (named === null) return undefined;
  try {
    const url = new URL(named);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/** The declared lists as given, each a list of strings; formatViewPolicy checks every entry again before it writes one. */
function readCsp(value: unknown): ViewCsp {
  if (typeof value !== 'object' || value === null) return {};
  const csp: ViewCsp = {};
  for (const list of ['connectDomains', 'resourceDomains', 'frameDomains', 'baseUriDomains'] as const) {
    const entries: unknown = Reflect.get(value, list);
    if (Array.isArray(entries)) csp[list] = entries.filter((entry): entry is string => typeof entry === 'string');
  }
  return csp;
}

function readPermissions(value: unknown): Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return {};
  return Object.fromEntries(Object.entries(value));
}

/**
 * The view's frame. Its sandbox is this page's own (scripts only), whatever the message asks:
 * a host that wanted to loosen it would have to change this page. The policy goes first into
 * the document, so it governs everything the view's HTML brings.
 */
function loadView(params: unknown): HTMLIFrameElement | undefined {
  if (typeof params !== 'object' || params === null) return undefined;
  const html: unknown = Reflect.get(params, 'html');
  if (typeof html !== 'string') return undefined;
  const frame = document.createElement('iframe');
  frame.setAttribute('sandbox', VIEW_FRAME_SANDBOX);
  const allow = formatViewAllow(readPermissions(Reflect.get(params, 'permissions')));
  if (allow !== '') frame.setAttribute('allow', allow);
  frame.title = 'The tool’s view';
  Object.assign(frame.style, { display: 'block', width: '100%', height: '100%', border: '0' });
  frame.srcdoc = `<meta http-equiv="Content-Security-Policy" content="${escapeMarkup(formatViewPolicy(readCsp(Reflect.get(params, 'csp'))))}">${html}`;
  document.body.append(frame);
  return frame;
}

function startProxy(): void {
  Object.assign(document.documentElement.style, { height: '100%' });
  Object.assign(document.body.style, { margin: '0', height: '100%' });
  if (window.parent === window) {
    document.body.textContent = 'This page is the sandbox of a tool’s view: it works only in a frame of the MCP Lifecycle Explorer.';
    return;
  }
  const hostOrigin = readHostOrigin();
  const toHost = (data: JsonRpcObject) => window.parent.postMessage(data, hostOrigin ?? '*');
  let view: HTMLIFrameElement | undefined;
  window.addEventListener('message', (event) => {
    const data: unknown = event.data;
    if (!isJsonRpc(data)) return;
    if (event.source === window.parent) {
      if (hostOrigin !== undefined && event.origin !== hostOrigin) return;
      // The view's HTML is taken once: a second one would be a second view in the same frame.
      if (data.method === RESOURCE_READY) view ??= loadView(data.params);
      else if (!isSandboxMessage(data)) view?.contentWindow?.postMessage(data, '*');
      return;
    }
    // A view cannot speak as the sandbox: its sandbox- messages go nowhere.
    if (view !== undefined && event.source === view.contentWindow && !isSandboxMessage(data)) toHost(data);
  });
  toHost({ jsonrpc: '2.0', method: PROXY_READY, params: {} });
}

startProxy();
