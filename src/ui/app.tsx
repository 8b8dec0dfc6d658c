import { lazy, Suspense } from 'react';
import { setViewPreferences } from '../store/actions.ts';
import { useExplorerStore, type ExplorerState } from '../store/explorer-store.ts';
import type { MainView } from '../store/view-preferences.ts';
import { Controls } from './controls/controls.tsx';
import { DisplayControls } from './display-controls.tsx';
import { LifecycleGraph } from './graph/lifecycle-graph.tsx';
import { QuestionBar } from './question-bar.tsx';
import { ModelSettingsButton } from './settings/model-settings-dialog.tsx';
import { ShortcutsDialog } from './shortcuts-dialog.tsx';
import { TraceFileControls, TraceSourceBanner } from './sharing/trace-file-controls.tsx';
import { StaticSiteBanner } from './static-site/static-site-banner.tsx';
import { StepCaption } from './step-caption.tsx';
import { Timeline } from './timeline/timeline.tsx';
import { useDocumentPreferences } from './use-document-preferences.ts';
import { useLoadedModule, type LoadedModule } from './use-loaded-module.ts';
import { loadInspector } from './inspector/load-inspector.ts';
import { useKeyboardShortcuts } from './use-keyboard-shortcuts.ts';
import { ViewBoundary } from './view-boundary.tsx';

// Neither the inspector (JSON, translation and HTTP views) nor the sequence diagram is needed for the first paint.
// The inspector is fetched right after it (src/main.tsx, useLoadedModule), so the first step shows as soon as it exists.
const SequenceDiagram = lazy(() => import('./sequence/sequence-diagram.tsx').then((module) => ({ default: module.SequenceDiagram })));

const selectLoadError = (state: ExplorerState) => state.loadError;
const selectHasStep = (state: ExplorerState) => state.cursor >= 0;
const selectView = (state: ExplorerState) => state.preferences.view;
const selectInspectorLayout = (state: ExplorerState) => state.preferences.inspectorLayout;
const selectPresenter = (state: ExplorerState) => state.preferences.presenter;

const panel = 'min-h-0 rounded-lg border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900';

function ShownInspector({ inspector }: { inspector: LoadedModule<typeof import('./inspector/inspector.tsx')> }) {
  switch (inspector.status) {
    case 'loaded':
      return <inspector.module.Inspector />;
    case 'loading':
      return <p className="p-4 text-sm text-slate-500">Loading the inspector…</p>;
    case 'failed':
      return <p role="alert" className="p-4 text-sm text-red-700 dark:text-red-400">The inspector could not be loaded ({inspector.message}). Check that the server is still running, then reload the page.</p>;
    default: {
      const unknown: never = inspector;
      return unknown;
    }
  }
}

function InspectorPanel() {
  const hasStep = useExplorerStore(selectHasStep);
  const layout = useExplorerStore(selectInspectorLayout);
  const inspector = useLoadedModule(loadInspector);
  return (
    <div className="flex h-full min-h-0 flex-col">
      <div className="flex justify-end px-2 pt-2">
        <button
          type="button"
          onClick={() => setViewPreferences({ inspectorLayout: layout === 'full' ? 'split' : 'full' })}
          className="rounded border border-slate-300 px-2 py-0.5 text-xs text-slate-700 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800"
          aria-keyshortcuts="F"
        >
          {layout === 'full' ? 'Exit full screen' : 'Full screen'}
        </button>
      </div>
      <div className="min-h-0 flex-1">
        {hasStep ? (
          <ViewBoundary view="inspector">
            <ShownInspector inspector={inspector} />
          </ViewBoundary>
        ) : (
          <section aria-label="Inspector" className="flex h-full items-center justify-center p-6 text-center text-sm text-slate-500 dark:text-slate-400" data-testid="inspector">
            <p>The inspector shows the exact JSON of each step: every message that crossed a boundary, and what each translation changed.</p>
          </section>
        )}
      </div>
    </div>
  );
}

const VIEWS: { id: MainView; label: string }[] = [
  { id: 'graph', label: 'Graph' },
  { id: 'sequence', label: 'Sequence diagram' },
];

function ViewSwitch() {
  const view = useExplorerStore(selectView);
  return (
    <div role="tablist" aria-label="Main view" className="flex gap-1" aria-keyshortcuts="V">
      {VIEWS.map((entry) => (
        <button
          key={entry.id}
          type="button"
          role="tab"
          aria-selected={view === entry.id}
          onClick={() => setViewPreferences({ view: entry.id })}
          className={`rounded-md px-2.5 py-1 text-xs font-medium ${view === entry.id ? 'bg-slate-900 text-white dark:bg-slate-100 dark:text-slate-900' : 'text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800'}`}
        >
          {entry.label}
        </button>
      ))}
    </div>
  );
}

function LifecyclePanel() {
  const view = useExplorerStore(selectView);
  return (
    <section aria-label="Lifecycle" className={`flex flex-col gap-2 p-3 ${panel}`}>
      <div className="flex items-start justify-between gap-3">
        <ViewBoundary view="step caption">
          <StepCaption />
        </ViewBoundary>
        <ViewSwitch />
      </div>
      <div className="min-h-0 flex-1">
        <ViewBoundary key={view} view={view === 'graph' ? 'graph' : 'sequence diagram'}>
          {view === 'graph' ? (
            <LifecycleGraph />
          ) : (
            <Suspense fallback={<p className="p-4 text-sm text-slate-500">Loading the sequence diagram…</p>}>
              <SequenceDiagram />
            </Suspense>
          )}
        </ViewBoundary>
      </div>
      <Controls />
    </section>
  );
}

export function App() {
  useKeyboardShortcuts();
  useDocumentPreferences();
  const loadError = useExplorerStore(selectLoadError);
  const layout = useExplorerStore(selectInspectorLayout);
  const presenter = useExplorerStore(selectPresenter);
  // On a projector the graph is what the room looks at: it gets most of the height.
  const rows = presenter ? 'md:grid-rows-[minmax(20rem,3fr)_minmax(10rem,2fr)]' : 'md:grid-rows-[minmax(18rem,1fr)_minmax(14rem,1fr)]';
  return (
    <div className="flex h-dvh min-h-[600px] flex-col bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <header className="border-b border-slate-200 bg-white px-4 py-2 dark:border-slate-800 dark:bg-slate-900">
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <h1 className="text-lg font-semibold whitespace-nowrap">
            MCP Lifecycle Explorer
            <span className="ml-2 hidden text-xs font-normal text-slate-500 2xl:inline dark:text-slate-400">every message real, one step at a time</span>
          </h1>
          <div className="ml-auto flex flex-wrap items-center gap-2">
            <ModelSettingsButton />
            <TraceFileControls />
            <DisplayControls />
          </div>
        </div>
        <div className="mt-2">
          <QuestionBar />
        </div>
      </header>
      <TraceSourceBanner />
      {/* Only the static site (vite.static.config.ts) has an in-browser server to speak of; elsewhere this is compiled away. */}
      {import.meta.env.MODE === 'static-site' && <StaticSiteBanner />}
      {loadError && (
        <p role="alert" className="border-b border-red-300 bg-red-50 px-4 py-2 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
          {loadError}
        </p>
      )}
      {layout === 'full' ? (
        <main className="min-h-0 flex-1 p-3">
          <div className={`h-full ${panel}`}>
            <InspectorPanel />
          </div>
        </main>
      ) : (
        <main className={`grid min-h-0 flex-1 grid-cols-1 gap-3 p-3 md:grid-cols-[minmax(0,1fr)_16rem] ${rows} lg:grid-cols-[minmax(0,1fr)_18rem] xl:grid-cols-[minmax(0,1fr)_22rem]`}>
          <LifecyclePanel />
          <aside aria-label="Timeline" className={`md:row-span-2 ${panel}`}>
            <ViewBoundary view="timeline">
              <Timeline />
            </ViewBoundary>
          </aside>
          <div className={panel}>
            <InspectorPanel />
          </div>
        </main>
      )}
      <ViewBoundary view="shortcuts dialog">
        <ShortcutsDialog />
      </ViewBoundary>
    </div>
  );
}
