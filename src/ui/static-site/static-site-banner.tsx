import { useSyncExternalStore } from 'react';
import { readWorkerStatus, subscribeToWorkerStatus, type WorkerStatus } from '../../service-worker/index.ts';
import { readEmbedFlag } from '../../trace/index.ts';
import { useExplorerStore, type ExplorerState } from '../../store/index.ts';

/**
 * The static site's own line under the header: the in-browser server's install
 * progress, what running the server in the browser means, and a new version's reload.
 */

const selectIsSessionsScenario = (state: ExplorerState) => state.scenarioId === 'sessions';

/**
 * A browser that blocks a framed page of another site from keeping storage (the
 * headless Chromium of e2e-static/embed.spec.ts does) refuses it a Service Worker
 * too, and the static site's server lives in one. In the embed view there are no settings to fall back on, so the way on is the full explorer's link.
 */
const FRAMED_EMBED_NOTE =
  'Embedded in a page of another site, this browser may refuse the lesson a Service Worker of its own (it blocks third-party storage). Open in the full explorer, above, runs the same lesson in a tab of its own.';

const isFramedEmbed = () => readEmbedFlag(window.location.search) && window.self !== window.top;

/** The site's files are kept for offline use after the first step can run, so "works offline" waits until they all are. */
function describeOfflineCopy(copy: WorkerStatus['offlineCopy']): string {
  if (copy?.failure) return copy.failure;
  if (copy && copy.cached === copy.total) return 'and it works offline once loaded.';
  return copy ? `and its files are being kept for offline use (${copy.cached} of ${copy.total}).` : 'and its files are being kept for offline use.';
}

const bar = 'flex flex-wrap items-center gap-x-3 gap-y-1 border-b px-4 py-1.5 text-xs';

export function StaticSiteBanner() {
  const status = useSyncExternalStore(subscribeToWorkerStatus, readWorkerStatus);
  const isSessionsScenario = useExplorerStore(selectIsSessionsScenario);
  if (status.phase === 'not-needed') return null;
  if (status.phase === 'failed') {
    return (
      <p
        role="alert"
        className={`${bar} border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100`}
        data-testid="static-site-status"
        data-phase="failed"
      >
        {status.detail}
        {isFramedEmbed() && <span data-testid="framed-embed-note"> {FRAMED_EMBED_NOTE}</span>}
      </p>
    );
  }
  return (
    <div className={`${bar} border-sky-200 bg-sky-50 text-sky-950 dark:border-sky-900 dark:bg-sky-950 dark:text-sky-100`} data-testid="static-site-banner">
      <p role="status" data-testid="static-site-status" data-phase={status.phase} data-version={status.version ?? ''}>
        {status.phase === 'installing' ? (
          <span className="font-semibold">{status.detail}</span>
        ) : (
          <>
            <span className="font-semibold">The in-browser server is ready.</span> This static site runs the MCP server and the mock model in a Service Worker
            in your browser: every message is still real HTTP (your browser’s developer tools list it as served by the ServiceWorker),{' '}
            {describeOfflineCopy(status.offlineCopy)}
          </>
        )}
      </p>
      {isSessionsScenario && (
        <p data-testid="static-site-sessions-note">
          In the static site the server runs in your browser: sessions last while the page is open; if the browser stops the idle worker, the next request meets
          a 404 and the host starts a new session.
        </p>
      )}
      {status.applyUpdate && (
        <p className="flex items-center gap-2" data-testid="static-site-update">
          A new version of the explorer is ready.
          <button
            type="button"
            onClick={status.applyUpdate}
            className="rounded border border-sky-400 bg-white px-2 py-0.5 font-medium text-sky-900 hover:bg-sky-100 dark:border-sky-700 dark:bg-sky-900 dark:text-sky-50"
          >
            Reload to update
          </button>
        </p>
      )}
    </div>
  );
}
