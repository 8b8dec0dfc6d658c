import { lazy, Suspense } from 'react';
import { useExplorerStore, type ExplorerState } from '../store/explorer-store.ts';
import { Controls } from './controls/controls.tsx';
import { LifecycleGraph } from './graph/lifecycle-graph.tsx';
import { QuestionBar } from './question-bar.tsx';
import { ModelSettingsButton } from './settings/model-settings-dialog.tsx';
import { TraceFileControls, TraceSourceBanner } from './sharing/trace-file-controls.tsx';
import { StepCaption } from './step-caption.tsx';
import { Timeline } from './timeline/timeline.tsx';
import { useKeyboardShortcuts } from './use-keyboard-shortcuts.ts';

// The inspector (JSON tree, translation and HTTP views) is not needed before the first step.
const Inspector = lazy(() => import('./inspector/inspector.tsx').then((module) => ({ default: module.Inspector })));

const selectLoadError = (state: ExplorerState) => state.loadError;
const selectHasStep = (state: ExplorerState) => state.cursor >= 0;

function InspectorPanel() {
  const hasStep = useExplorerStore(selectHasStep);
  if (!hasStep) {
    return (
      <section aria-label="Inspector" className="flex h-full items-center justify-center p-6 text-center text-sm text-slate-500 dark:text-slate-400" data-testid="inspector">
        <p>The inspector shows the exact JSON of each step: every message that crossed a boundary, and what each translation changed.</p>
      </section>
    );
  }
  return (
    <Suspense fallback={<p className="p-4 text-sm text-slate-500">Loading the inspector…</p>}>
      <Inspector />
    </Suspense>
  );
}

export function App() {
  useKeyboardShortcuts();
  const loadError = useExplorerStore(selectLoadError);
  return (
    <div className="flex h-dvh min-h-[600px] flex-col bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <header className="border-b border-slate-200 bg-white px-4 py-2 dark:border-slate-800 dark:bg-slate-900">
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <h1 className="text-lg font-semibold whitespace-nowrap">
            MCP Lifecycle Explorer
            <span className="ml-2 hidden text-xs font-normal text-slate-500 xl:inline dark:text-slate-400">every message real, one step at a time</span>
          </h1>
          <div className="ml-auto flex flex-wrap items-center gap-2">
            <ModelSettingsButton />
            <TraceFileControls />
          </div>
        </div>
        <div className="mt-2">
          <QuestionBar />
        </div>
      </header>
      <TraceSourceBanner />
      {loadError && (
        <p role="alert" className="border-b border-red-300 bg-red-50 px-4 py-2 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
          {loadError}
        </p>
      )}
      <main className="grid min-h-0 flex-1 grid-cols-[minmax(0,1fr)_18rem] grid-rows-[minmax(18rem,1fr)_minmax(14rem,1fr)] gap-3 p-3 xl:grid-cols-[minmax(0,1fr)_22rem]">
        <section aria-label="Lifecycle" className="flex min-h-0 flex-col gap-2 rounded-lg border border-slate-200 bg-white p-3 dark:border-slate-800 dark:bg-slate-900">
          <StepCaption />
          <div className="min-h-0 flex-1">
            <LifecycleGraph />
          </div>
          <Controls />
        </section>
        <aside className="row-span-2 min-h-0 rounded-lg border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
          <Timeline />
        </aside>
        <div className="min-h-0 rounded-lg border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
          <InspectorPanel />
        </div>
      </main>
    </div>
  );
}
