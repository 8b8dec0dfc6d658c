import { findScenario } from '../content/scenarios.ts';
import { ERAS, type Era } from '../trace/vocabulary.ts';
import { findWireInfo } from '../providers/wire-catalog.ts';
import { chooseScenario, next, reset } from './actions.ts';
import { readAppBaseUrl } from '../service-worker/app-base-url.ts';
import { selectIsFinished, useExplorerStore } from './explorer-store.ts';

/**
 * A link that opens the explorer at one step of a built-in scenario, for a teacher to
 * share: ?scenario=two-rounds&era=2025-11-25&wire=anthropic&step=12&round=2&stream=1. Opening
 * it performs the run for real (with the mock model, never a key) up to that step;
 * `stream=1` asks the mock for its replies streamed, `stream=0` whole.
 */
export type DeepLink = { scenarioId: string; era?: Era; wire?: string; step?: number; round: number; stream?: boolean };

export function readDeepLink(search: string): DeepLink | null {
  const parameters = new URLSearchParams(search);
  const scenarioId = parameters.get('scenario');
  if (!scenarioId || !findScenario(scenarioId)) return null;
  const era = parameters.get('era');
  const wire = parameters.get('wire');
  const step = Number(parameters.get('step'));
  const round = Number(parameters.get('round') ?? '1');
  const stream = parameters.get('stream');
  return {
    scenarioId,
    ...(era && (ERAS as readonly string[]).includes(era) ? { era: era as Era } : {}),
    ...(wire && findWireInfo(wire) ? { wire } : {}),
    ...(Number.isInteger(step) && step >= 1 && step <= 20 ? { step } : {}),
    round: Number.isInteger(round) && round >= 1 ? round : 1,
    ...(stream === '1' || stream === '0' ? { stream: stream === '1' } : {}),
  };
}

/** A link to the app's own base URL (its sub-path kept, whatever page pageUrl names), carrying only the link's settings. */
export function formatDeepLink(link: DeepLink, pageUrl: string): string {
  const url = readAppBaseUrl(pageUrl);
  url.search = '';
  url.hash = '';
  url.searchParams.set('scenario', link.scenarioId);
  if (link.era) url.searchParams.set('era', link.era);
  if (link.wire) url.searchParams.set('wire', link.wire);
  if (link.step) url.searchParams.set('step', String(link.step));
  if (link.round > 1) url.searchParams.set('round', String(link.round));
  if (link.stream !== undefined) url.searchParams.set('stream', link.stream ? '1' : '0');
  return url.toString();
}

/** Applies the link's settings and steps forward until the step it names is on show. */
export function openDeepLink(link: DeepLink): Promise<void> {
  chooseScenario(link.scenarioId);
  const { model } = useExplorerStore.getState();
  useExplorerStore.setState({
    ...(link.era ? { era: link.era } : {}),
    model: { ...model, kind: 'mock', wire: link.wire ?? model.wire, mcpServerUrl: null, ...(link.stream === undefined ? {} : { stream: { ...model.stream, mock: link.stream } }) },
  });
  reset();
  const target = link.step;
  if (target === undefined) return Promise.resolve();
  return new Promise((resolve) => {
    const reached = () => {
      const state = useExplorerStore.getState();
      const step = state.steps[state.cursor];
      return (step?.canonical === target && step.iteration === link.round) || (state.cursor === state.steps.length - 1 && selectIsFinished(state));
    };
    const unsubscribe = useExplorerStore.subscribe((state) => {
      if (reached()) {
        unsubscribe();
        resolve();
      } else if (!state.followNext && state.status !== 'idle') {
        queueMicrotask(next);
      }
    });
    next();
  });
}
