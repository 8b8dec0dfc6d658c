import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { openDeepLink, readDeepLink } from './store/deep-link.ts';
import { loadEngine } from './store/run-controller.ts';
import { updateWorkerStatus } from './service-worker/worker-status.ts';
import { App } from './ui/app.tsx';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// Fetch the engine (and the MCP SDK client) once the first paint is done, so Next answers at once.
const warmUp = () => void loadEngine().catch(() => {});
if ('requestIdleCallback' in window) window.requestIdleCallback(warmUp, { timeout: 2000 });
else setTimeout(warmUp, 500);

// A shared link opens the app at a step of a built-in scenario: the run is performed up to it.
const link = readDeepLink(window.location.search);
if (link) void openDeepLink(link);

// The static site's MCP server and mock model run in a Service Worker; the served app has no need of one.
if (import.meta.env.MODE === 'static-site') {
  void import('./service-worker/register-service-worker.ts')
    .then((module) => module.registerServiceWorker())
    .catch((error: unknown) => updateWorkerStatus({ phase: 'failed', detail: `The in-browser server could not be started (${String(error)}). Reload the page.` }));
}
