import { lazy, Suspense } from 'react';
import { setViewPreferences, useExplorerStore, type ExplorerState, useLinkOpening } from '../store/index.ts';
import type { MainView } from '../store/index.ts';
import { AppHeader } from './app-header.tsx';
import { Controls } from './controls/controls.tsx';
import { LessonBar } from './lesson/lazy-lesson-bar.ts';
import { loadLifecycleGraph } from './graph/load-lifecycle-graph.ts';
import { ShortcutsDialog } from './shortcuts-dialog.tsx';
import { TraceSourceBanner } from './sharing/trace-file-controls.tsx';
import { LinkOpening, OpenedLinkBanner } from './sharing/opened-link-banner.tsx';
import { StaticSiteBanner } from './static-site/static-site-banner.tsx';
import { AnswerBox, StepCaption } from './step-caption.tsx';
import { GateAnswer } from './gate/gate-answer.tsx';
import { AppViewPanel } from './app-view/app-view-panel.tsx';
import { Timeline } from './timeline/timeline.tsx';
import { useDocumentPreferences } from './use-document-preferences.ts';
import { ShownModule } from './shown-module.tsx';
import { Inspector } from './inspector/inspector.tsx';
import { useKeyboardShortcuts } from './use-keyboard-shortcuts.ts';
import { ViewBoundary } from './view-boundary.tsx';
import { GRAPH_VIEW_ID, GraphSplit } from './graph-split.tsx';
import { TabList } from './tab-list.tsx';

// The inspector is part of the first page: the first Next shows step 1 in it before the engine exists, and an import()
// of its chunk, even preloaded, resolved a frame or more after that press. Its heavy parts (a tool result's rich content,
// a stream's playback) are chunks of their own. The sequence diagram is not needed for the first paint.
// The lesson tools are a chunk of their own too (lesson/lazy-lesson-bar.ts).

const SequenceDiagram = lazy(() => import('./sequence/sequence-diagram.tsx').then((module) => ({ default: module.SequenceDiagram })));

const selectLoadError = (state: ExplorerState) => state.loadError;
const selectHasStep = (state: ExplorerState) => state.cursor >= 0;
const selectView = (state: ExplorerState) => state.preferences.view;
const selectInspectorLayout = (state: ExplorerState) => state.preferences.inspectorLayout;
const selectPresenter = (state: ExplorerState) => state.preferences.presenter;
const selectGraphHeight = (state: ExplorerState) => state.preferences.graphHeight;

const panel = 'min-h-0 rounded-lg border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900';

/**
 * The inspector, and above it the learner's part at a gate (Allow or Deny, a sampling review, a form): in the
 * inspector's panel the gate takes the payload's room, not the graph's (above the graph it squeezed the graph to nothing
 * on a 900-line screen), and the step it answers is the one on show there.
 */
function InspectorPanel() {
  const hasStep = useExplorerStore(selectHasStep);
  return hasStep ? (
    <div className="flex h-full min-h-0 flex-col">
      <ViewBoundary view="gate answer">
        <div className="flex max-h-[60%] shrink-0 flex-col p-2 empty:hidden">
          <GateAnswer />
        </div>
      </ViewBoundary>
      {/* When the step's header is taller than the room left (a gate's panel above it on a 720-line screen), the inspector scrolls as one here, not the page. */}
      <div className="min-h-0 flex-1 overflow-y-auto">
        <ViewBoundary view="inspector">
          <Inspector />
        </ViewBoundary>
      </div>
    </div>
  ) : (
    <section
      aria-label="Inspector"
      className="flex h-full items-center justify-center p-6 text-center text-sm text-slate-500 dark:text-slate-400"
      data-testid="inspector"
    >
      <p>The inspector shows the exact JSON of each step: every message that crossed a boundary, and what each translation changed.</p>
    </section>
  );
}

function ShownGraph() {
  return <ShownModule load={loadLifecycleGraph} what="the graph" className="p-4" render={({ LifecycleGraph }) => <LifecycleGraph />} />;
}

const VIEWS: { id: MainView; label: string }[] = [
  { id: 'graph', label: 'Graph' },
  { id: 'sequence', label: 'Sequence diagram' },
];

function ViewSwitch() {
  const view = useExplorerStore(selectView);
  return (
    <TabList
      label="Main view"
      className="flex gap-1"
      keyShortcuts="V"
      tabs={VIEWS}
      chosen={view}
      onChoose={(id) => setViewPreferences({ view: id })}
      tabClassName={(selected) =>
        `rounded-md px-2.5 py-1 text-xs font-medium ${selected ? 'bg-slate-900 text-white dark:bg-slate-100 dark:text-slate-900' : 'text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800'}`
      }
    />
  );
}

function LifecyclePanel() {
  const view = useExplorerStore(selectView);
  const graphHeight = useExplorerStore(selectGraphHeight);
  return (
    <section aria-label="Lifecycle" className={`relative flex flex-col gap-2 p-2 sm:p-3 squat:col-span-2 squat:gap-1 squat:py-2 ${panel}`}>
      <div className="flex items-start justify-between gap-3">
        <ViewBoundary view="step caption">
          <StepCaption />
        </ViewBoundary>
        <ViewSwitch />
      </div>
      {/* Roomy, the panel has the window's height to share: a view takes under half, scrolling within it, so the graph and the playback bar keep theirs. */}
      <ViewBoundary view="app view">
        <AppViewPanel />
      </ViewBoundary>
      {/* Cramped, the graph has a height of its own (the page scrolls); roomy, it takes what the panel leaves. */}
      <div
        id={GRAPH_VIEW_ID}
        className={`relative flex min-h-0 flex-col ${graphHeight === null ? 'h-[23rem] lg:h-[clamp(17rem,24vw,22rem)] roomy:h-auto roomy:flex-1 squat:min-h-48' : 'shrink-0'}`}
        style={graphHeight === null ? undefined : { height: graphHeight }}
        data-testid="main-view"
      >
        {/* The answer takes its own room under the picture, which is fitted to what is left: laid over it, it covered the nodes. */}
        <div className="relative min-h-0 flex-1">
          <ViewBoundary key={view} view={view === 'graph' ? 'graph' : 'sequence diagram'}>
            {view === 'graph' ? (
              <ShownGraph />
            ) : (
              <Suspense fallback={<p className="p-4 text-sm text-slate-500">Loading the sequence diagram…</p>}>
                <SequenceDiagram />
              </Suspense>
            )}
          </ViewBoundary>
        </div>
        <AnswerBox inGraph={view === 'graph'} />
      </div>
      <Controls />
      <GraphSplit />
    </section>
  );
}

/**
 * The grid's rows, where the app is the window's height. On a projector the graph is what the room looks at: it gets
 * most of the height. Squat (a 720- or 768-line screen), the graph's row is at least what its content needs (the graph's
 * 12rem keep the subtitles at 12 px or more), the inspector's row the rest.
 */
function chooseGridRows({ chosenHeight, presenter }: { chosenHeight: boolean; presenter: boolean }): string {
  if (chosenHeight) return 'tall:grid-rows-[auto_minmax(20rem,1fr)] squat:grid-rows-[auto_minmax(8rem,1fr)]';
  if (presenter) return 'tall:grid-rows-[minmax(20rem,3fr)_minmax(16rem,2fr)] squat:grid-rows-[minmax(min-content,3fr)_minmax(0,2fr)]';
  return 'tall:grid-rows-[minmax(18rem,1fr)_minmax(20rem,1fr)] squat:grid-rows-[minmax(min-content,1.3fr)_minmax(0,1fr)]';
}

/** The run's panels: full screen, the inspector and the controls alone; otherwise the lifecycle, the inspector and the timeline in a grid. */
function RunPanels() {
  const layout = useExplorerStore(selectInspectorLayout);
  const presenter = useExplorerStore(selectPresenter);
  const graphHeight = useExplorerStore(selectGraphHeight);
  const rows = chooseGridRows({ chosenHeight: graphHeight !== null, presenter });
  return layout === 'full' ? (
    <main className="flex min-h-0 flex-1 flex-col gap-2 p-2 sm:gap-3 sm:p-3">
      <div className={`h-[calc(100dvh-8rem)] roomy:h-auto roomy:flex-1 ${panel}`} data-testid="inspector-panel">
        <InspectorPanel />
      </div>
      {/* Full screen hides the graph, not the way on: Back, Next and Play stay at hand. */}
      <div className={`p-2 ${panel} cramped:contents`}>
        <Controls />
      </div>
    </main>
  ) : (
    <main
      className={`grid min-h-0 flex-1 grid-cols-1 gap-2 p-2 sm:gap-3 sm:p-3 squat:gap-2 squat:p-2 lg:grid-cols-[minmax(0,1fr)_18rem] xl:grid-cols-[minmax(0,1fr)_22rem] ${rows}`}
    >
      <LifecyclePanel />
      {/* The inspector comes before the timeline: on a phone it is the detail of the step on show, and Tab reaches it first. */}
      <div className={`h-[min(85dvh,46rem)] min-h-[24rem] lg:col-start-1 lg:row-start-2 roomy:h-auto roomy:min-h-0 ${panel}`} data-testid="inspector-panel">
        <InspectorPanel />
      </div>
      {/* Beside the others the timeline takes their height and scrolls inside it; stacked, it has a height of its own. */}
      <aside
        aria-label="Timeline"
        className={`relative h-[28rem] lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:h-auto squat:row-span-1 squat:row-start-2 ${panel}`}
      >
        <div className="h-full lg:absolute lg:inset-0">
          <ViewBoundary view="timeline">
            <Timeline />
          </ViewBoundary>
        </div>
      </aside>
    </main>
  );
}

export function App() {
  useKeyboardShortcuts();
  useDocumentPreferences();
  const loadError = useExplorerStore(selectLoadError);
  const opening = useLinkOpening((state) => state.opening);
  return (
    // Cramped, the page scrolls and keeps room at its foot for the playback bar fixed there.
    <div className="flex min-h-dvh flex-col bg-slate-50 pb-28 text-slate-900 sm:pb-20 roomy:h-dvh roomy:min-h-[600px] roomy:pb-0 dark:bg-slate-950 dark:text-slate-100">
      <AppHeader />
      <TraceSourceBanner />
      <OpenedLinkBanner />
      <Suspense fallback={null}>
        <LessonBar />
      </Suspense>
      {/* Only the static site (vite.static.config.ts) has an in-browser server to speak of; elsewhere this is compiled away. */}
      {import.meta.env.MODE === 'static-site' && <StaticSiteBanner />}
      {loadError && (
        <p role="alert" className="border-b border-red-300 bg-red-50 px-4 py-2 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
          {loadError}
        </p>
      )}
      {opening ? <LinkOpening opening={opening} /> : <RunPanels />}
      <ViewBoundary view="shortcuts dialog">
        <ShortcutsDialog />
      </ViewBoundary>
    </div>
  );
}
