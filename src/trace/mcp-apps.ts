/**
 * The MCP Apps extension (SEP-1865, `io.modelcontextprotocol/ui`) as both halves of the
 * explorer spell it: the built-in server offers a tool with a view (server/mcp/apps), the
 * host reads and renders it (src/lifecycle/app-view), the page frames it (src/ui/app-view).
 * The official SDK (@modelcontextprotocol/ext-apps) has the same constants; they live here
 * so that the server, which also runs in the Service Worker, does not load the SDK for them.
 */

/** The extension's name in a client's capabilities (`capabilities.extensions`). */
export const APPS_EXTENSION_ID = 'io.modelcontextprotocol/ui';
/** The one content type of a view's resource: an HTML page for a sandboxed frame. */
export const APP_VIEW_MIME_TYPE = 'text/html;profile=mcp-app';
/** The scheme every view's resource URI has. */
export const APP_VIEW_SCHEME = 'ui:';
/** The flat `_meta` key older servers use for the view's URI; `_meta.ui.resourceUri` is the current one. */
export const LEGACY_RESOURCE_URI_KEY = 'ui/resourceUri';

/** The built-in endpoint whose add_numbers comes with a view of the sum. */
export const APPS_MCP_PATH = '/mcp/apps';
/** The built-in view's resource. */
export const SUM_VIEW_URI = 'ui://sum-view/view.html';

/** The sandbox proxy page: the outer frame that loads a view's HTML into an inner frame of its own. */
export const APP_SANDBOX_PAGE = 'app-sandbox.html';
/** Where the served app says on which other origin its sandbox proxy is (the static site has none). */
export const APP_SANDBOX_ORIGIN_PATH = '/app-sandbox-origin';
