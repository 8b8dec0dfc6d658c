import { lazy, Suspense } from 'react';
import { findScenario } from '../../content/index.ts';
import { useExplorerStore, type ExplorerState, resolveTopology } from '../../store/index.ts';
import { isProviderMcpWire } from '../../trace/index.ts';
import { DialogButton } from '../dialog-button.tsx';
import { ViewBoundary } from '../view-boundary.tsx';

// The twin runs load the engine and run twice: only when asked for.
const TwinView = lazy(() => import('./twin-view.tsx').then((module) => ({ default: module.TwinView })));

// The model in the tab has no provider to be the MCP client: no twin there.
const selectTwinPossible = (state: ExplorerState) =>
  state.source.kind === 'live' &&
  state.model.kind !== 'tab' &&
  isProviderMcpWire(resolveTopology({ settings: state.model, scenario: findScenario(state.scenarioId) }).wire);

/** A button, for the two formats whose provider can be the MCP client, that asks the question in both topologies side by side. */
export function TwinViewButton() {
  const possible = useExplorerStore(selectTwinPossible);
  if (!possible) return null;
  return (
    <DialogButton
      label="Twin view"
      buttonClassName="rounded border border-slate-400 px-2 py-0.5 text-xs font-medium text-slate-800 hover:bg-slate-100 dark:border-slate-500 dark:text-slate-100 dark:hover:bg-slate-800"
      buttonTestId="twin-button"
      title="The same question in both topologies: who is the MCP client, and what differs on each wire"
      dialogClassName="max-h-[90vh] w-[60rem] max-w-[95vw] p-5"
      dialogTestId="twin-dialog"
    >
      <ViewBoundary view="twin view">
        <Suspense fallback={<p className="text-sm text-slate-500">Loading…</p>}>
          <TwinView />
        </Suspense>
      </ViewBoundary>
    </DialogButton>
  );
}
