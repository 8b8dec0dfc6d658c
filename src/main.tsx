import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { openDeepLink, readDeepLink } from './store/deep-link.ts';
import { applyEmbedSettings, readEmbedFlag } from './store/embed.ts';
import { loadEngine, loadEngineAfter } from './store/run-controller.ts';
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

/** Resolves once the frame after this one has been painted (or after 100 ms: a hidden tab paints no frames). */
function waitForPaint(): Promise<void> {
  return new Promise((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, 100);
  });
}

// The first paint is index.html's own shell, painted while this script loads. The first Next shows step 1 before the
// engine exists (src/store/run-controller.ts), in the inspector: so the inspector's chunk is asked for first, and the
// engine (with the MCP SDK client, the largest of them) and the graph once it has run and React has painted what it
// rendered, so that their parsing and evaluation do not hold step 1 back; step 2 needs the engine, which has loaded by
// then. A failure is reported where the chunk is needed (Next, the inspector panel). The graph is a chunk of its own
// (React Flow), so the first page's script stays small.
const inspectorShown = loadInspector()
  .catch(() => {})
  .then(waitForPaint);
loadEngineAfter(inspectorShown);
void inspectorShown.then(() => {
  void loadLifecycleGraph().catch(() => {});
  void loadEngine().catch(() => {});
});

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
