import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { openDeepLink, readDeepLink } from './store/deep-link.ts';
import { applyEmbedSettings, readEmbedFlag } from './store/embed.ts';
import { loadEngine } from './store/run-controller.ts';
import { updateWorkerStatus } from './service-worker/worker-status.ts';
import { App } from './ui/app.tsx';
import { loadInspector } from './ui/inspector/load-inspector.ts';
import { loadLifecycleGraph } from './ui/graph/load-lifecycle-graph.ts';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// The first paint is index.html's own shell, painted while this script loads. Fetch the engine (and the MCP SDK
// client) and the inspector now, beside React's first render, so the first Next shows step 1 at once: an idle
// callback came after Next had been pressed, and then step 1 waited for both chunks in turn. A failure is
// reported where the chunk is needed (Next, the inspector panel).
void loadEngine().catch(() => {});
void loadInspector().catch(() => {});
// The graph is a chunk of its own too (React Flow), so the first page's script stays small.
void loadLifecycleGraph().catch(() => {});

// The embeddable view may be framed by any site: it runs the built-in server and the mock model only.
const embed = readEmbedFlag(window.location.search);
if (embed) applyEmbedSettings();

// A shared link opens the app at a step of a built-in scenario: the run is performed up to it.
const link = readDeepLink(window.location.search);
if (link) void openDeepLink(embed ? { ...link, modelKind: undefined } : link);

// The static site's MCP server and mock model run in a Service Worker; the served app has no need of one.
if (import.meta.env.MODE === 'static-site') {
  void import('./service-worker/register-service-worker.ts')
    .then((module) => module.registerServiceWorker({ embed }))
    .catch((error: unknown) => updateWorkerStatus({ phase: 'failed', detail: `The in-browser server could not be started (${String(error)}). Reload the page.` }));
}
