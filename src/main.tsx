import './trace/zod-without-eval.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import {
  next,
  openDeepLink,
  readDeepLink,
  applyLinkWithoutScenario,
  noteRefusedLinkParts,
  applyEmbedSettings,
  loadEngine,
  loadEngineAfter,
} from './store/index.ts';
import { updateWorkerStatus } from './service-worker/index.ts';
import { readEmbedFlag } from './trace/index.ts';
import { App, loadLifecycleGraph, whenFirstStepOrIdle, whenShellStepPresented, whenStylesheetsLoaded } from './ui/index.ts';
import './index.css';

// The first paint is index.html's own shell, painted while this script loads. The first Next shows step 1 before the
// engine exists (src/store/run-controller.ts), in the inspector, which is part of the first page. The engine (with the
// MCP SDK client and zod, the largest chunks) and the graph (React Flow) are prefetched by the page (vite-prefetch-chunks.ts)
// and run once step 1 is painted, or the page is idle (whenFirstStepOrIdle), so that they do not hold step 1 back; step 2
// needs the engine, which has loaded by then. A failure is reported where the chunk is needed (Next, the graph).
const heavyChunksMayRun = whenFirstStepOrIdle();
loadEngineAfter(heavyChunksMayRun);
void heavyChunksMayRun.then(() => {
  void loadLifecycleGraph().catch(() => {});
  void loadEngine().catch(() => {});
});

// The embeddable view may be framed by any site: it runs the built-in server and the mock model only.
const embed = readEmbedFlag(window.location.search);
if (embed) applyEmbedSettings();

// A shared link opens the app at a step of a built-in scenario: the run is performed up to it.
const link = readDeepLink(window.location.search);
// ?era= without a scenario is honoured too (what the page cannot take, an era it does not know, is said in the link's banner).
if (!link) applyLinkWithoutScenario(window.location.search);
// Next pressed on index.html's shell while this script loaded (data-next-pressed) is kept: the run starts before the first
// render, so that render shows step 1. A linked step has a run of its own, which the shell's Next does not offer.
if (!link && document.documentElement.hasAttribute('data-next-pressed')) next();

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');
// Step 1 shown by the shell stays until the browser has said it was presented (whenShellStepPresented); without it, at once.
// The page paints from the shell's rules alone: the app's elements wait for the whole stylesheet (whenStylesheetsLoaded).
void Promise.all([whenShellStepPresented(), whenStylesheetsLoaded()]).then(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
if (link) void openDeepLink(embed ? { ...link, modelKind: undefined } : link);
noteRefusedLinkParts(window.location.search);

// The static site's MCP server and mock model run in a Service Worker; the served app has no need of one. Its install
// (the worker's script, then the site's files cached) waits for step 1 too: step 2 is the first to need it.
if (import.meta.env.MODE === 'static-site') {
  void heavyChunksMayRun
    .then(() => import('./service-worker/register-service-worker.ts'))
    .then((module) => module.registerServiceWorker({ embed }))
    .catch((error: unknown) =>
      updateWorkerStatus({ phase: 'failed', detail: `The in-browser server could not be started (${String(error)}). Reload the page.` }),
    );
}
