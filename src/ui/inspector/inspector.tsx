import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { comesBeforeToolResult, findStepToolResult, findFocus } from '../../content/index.ts';
import type { Step } from '../../trace/index.ts';
import { next, selectCurrentStep, useExplorerStore } from '../../store/index.ts';
import { useCurrentStepOutcome } from '../use-step-outcomes.ts';
import { useCurrentStepWords } from '../use-step-words.ts';
import { StepHeader } from './step-header.tsx';
import { ShownModule } from '../shown-module.tsx';
import { JsonPayload } from './json-view.tsx';
import { TabList } from '../tab-list.tsx';
import { findStreamSource } from './find-stream-source.ts';
import { whenFirstStepOrIdle } from '../wait-for-first-step.ts';
import { rememberModule, useLoadedModule } from '../use-loaded-module.ts';

type Tab = 'translation' | 'stream' | 'message' | 'http';

// The tool result's content is read with the MCP SDK's own guards (src/content/rich-content.ts), and the SDK is one file,
// the engine's largest chunk: imported here, the inspector, and with it step 1 (shown before the engine has loaded), would
// wait for it to be parsed and run. Only a tool result has such content, and by then the engine has loaded the SDK.
// Not lazy(): React holds a Suspense boundary's content back until 300 ms after its fallback, and this view sits above the
// payload, so it moved the payload's buttons under a learner's click that long after the step. Loaded ahead of the tool result
// (comesBeforeToolResult), it is in the result's first render.
const loadRichContentView = rememberModule(() => import('./rich-content-view.tsx'));

function ShownRichContent({ payload }: { payload: unknown }) {
  const view = useLoadedModule(loadRichContentView);
  switch (view.status) {
    case 'loaded':
      return <view.module.RichContentView payload={payload} />;
    case 'loading':
      return null;
    case 'failed':
      return (
        <p role="alert" className="mb-3 text-sm text-red-700 dark:text-red-400">
          The view of the tool result&apos;s content could not be loaded ({view.message}). The JSON below has all of it; reload the page to try again.
        </p>
      );
    default: {
      const unknown: never = view;
      return unknown;
    }
  }
}
// The stream's playback reads each wire's frames with the providers' stream readers, which check them with zod: a chunk of
// its own too, so the inspector (on the first page, for step 1) carries no zod. Only a streamed reply's step has the tab.
const StreamPlayback = lazy(() => import('./stream-playback.tsx').then((module) => ({ default: module.StreamPlayback })));

// A translation's sides, the HTTP exchange and an edited message (step-views.ts): fetched once step 1 is on screen, so the
// learner's first click on one finds it loaded; until then (or if the fetch failed) the tab says so.
const loadStepViews = rememberModule(() => whenFirstStepOrIdle().then(() => import('./step-views.ts')));

function ShownStepView({ render }: { render: (views: typeof import('./step-views.ts')) => ReactNode }) {
  return <ShownModule load={loadStepViews} what="this view" render={render} />;
}

const selectCanRetry = (state: { pending: unknown; status: string }) => state.pending !== null && state.status === 'running';

/** Sends the failed provider request again: the host is waiting at the same gate. */
function RetryButton() {
  const canRetry = useExplorerStore(selectCanRetry);
  if (!canRetry) return null;
  return (
    <button
      type="button"
      onClick={next}
      className="mt-2 rounded-md border border-red-400 bg-white px-3 py-1 text-sm font-medium text-red-900 hover:bg-red-100 dark:bg-red-900 dark:text-red-50"
    >
      Retry
    </button>
  );
}
const selectWire = (state: { runWire: string | null }) => state.runWire;

export function Inspector() {
  const step = useExplorerStore(selectCurrentStep);
  return step ? <StepInspector key={step.n} step={step} /> : null;
}

/** The step's views (translation, stream, message, HTTP): a tablist the arrows move through (tab-keys.ts). */
function ViewTabs({ tabs, tab, setTab, labels }: { tabs: Tab[]; tab: Tab; setTab: (tab: Tab) => void; labels: Record<Tab, string> }) {
  return (
    <TabList
      label="Views of this step"
      className="flex gap-1 px-4 pt-1"
      tabs={tabs.map((name) => ({ id: name, label: labels[name] }))}
      chosen={tab}
      onChoose={setTab}
      tabClassName={(selected) =>
        `rounded-t-md border-b-2 px-3 py-1 text-sm ${selected ? 'border-slate-900 font-semibold dark:border-slate-100' : 'border-transparent text-slate-500 hover:text-slate-900 dark:hover:text-slate-100'}`
      }
    />
  );
}

/** A fault's three parts, what happened, why and what to do, with Retry where the run can go on. */
function FaultPanel({ fault }: { fault: NonNullable<Step['fault']> }) {
  return (
    <div
      role="alert"
      className="mx-4 mt-3 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
      data-testid="fault"
    >
      <p className="font-semibold">{fault.what}</p>
      <p className="mt-1">
        <span className="font-semibold">Why: </span>
        {fault.why}
      </p>
      <p className="mt-1">
        <span className="font-semibold">What to do: </span>
        {fault.fix}
      </p>
      {fault.retryable && <RetryButton />}
    </div>
  );
}

/** The tab on show: the translation, the streamed reply's playback, the message, or its HTTP exchange. */
function InspectorBody({
  step,
  tab,
  hasTabs,
  streamSource,
  wire,
  failed,
}: {
  step: Step;
  tab: Tab;
  hasTabs: boolean;
  streamSource: Step | undefined;
  wire: string | null;
  failed: boolean;
}) {
  const { translation, edited, http } = step;
  return (
    <div className="min-h-0 flex-1 overflow-auto px-4 py-2" role={hasTabs ? 'tabpanel' : undefined} data-testid="inspector-body">
      {tab === 'translation' && translation && (
        <ShownStepView render={({ TranslationView }) => <TranslationView translation={translation} failed={failed} />} />
      )}
      {tab === 'stream' && streamSource && wire && (
        <Suspense fallback={<p className="text-sm text-slate-500">Loading the stream's playback…</p>}>
          <StreamPlayback step={streamSource} wire={wire} />
        </Suspense>
      )}
      {tab === 'message' &&
        (edited ? (
          <ShownStepView
            render={({ EditedMessageView }) => <EditedMessageView step={step} original={edited.original} focus={findFocus({ stepId: step.id, wire })} />}
          />
        ) : (
          <>
            {findStepToolResult(step) !== null && <ShownRichContent payload={step.payload} />}
            <JsonPayload
              value={step.payload}
              label={step.kind === 'internal' ? 'Data handed over' : 'Payload'}
              testId="payload"
              focus={findFocus({ stepId: step.id, wire })}
            />
          </>
        ))}
      {tab === 'http' && http && (
        <ShownStepView render={({ HttpView }) => <HttpView http={http} audience={step.from === 'llm' || step.to === 'llm' ? 'provider' : 'mcp'} />} />
      )}
    </div>
  );
}

function StepInspector({ step }: { step: Step }) {
  const wire = useExplorerStore(selectWire);
  const streamSource = useExplorerStore((state) => findStreamSource(state.steps, step));
  const tabs: Tab[] = [
    ...(step.translation ? (['translation'] as const) : []),
    ...(streamSource ? (['stream'] as const) : []),
    'message',
    ...(step.http ? (['http'] as const) : []),
  ];
  const [tab, setTab] = useState<Tab>(tabs[0]!);
  useEffect(() => {
    if (comesBeforeToolResult(step.id)) void loadRichContentView().catch(() => {});
  }, [step.id]);
  useEffect(() => {
    void loadStepViews().catch(() => {});
  }, []);
  const outcome = useCurrentStepOutcome();
  // Every sentence here is made from what this run recorded (src/content/step-words.ts), not chosen by the step's id alone.
  const words = useCurrentStepWords();
  const tabLabels: Record<Tab, string> = {
    translation: `Translation #${step.translation?.number ?? ''}`,
    stream: 'Streamed reply',
    message: step.translation ? 'Sent payload' : step.edited ? 'Message (edited by you)' : 'Message',
    http: 'HTTP',
  };
  return (
    <section
      aria-label="Inspector"
      className="@container flex h-full min-h-0 flex-col"
      data-testid="inspector"
      data-step-id={step.id}
      data-canonical={step.canonical ?? ''}
      data-round={step.iteration}
      data-n={step.n}
    >
      <StepHeader step={step} outcome={outcome} words={words} />
      {step.fault && <FaultPanel fault={step.fault} />}
      {tabs.length > 1 && <ViewTabs tabs={tabs} tab={tab} setTab={setTab} labels={tabLabels} />}
      <InspectorBody step={step} tab={tab} hasTabs={tabs.length > 1} streamSource={streamSource} wire={wire} failed={outcome?.failed === true} />
    </section>
  );
}
