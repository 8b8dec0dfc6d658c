import { findScenario } from '../content/index.ts';
import { isSandboxScenario } from '../lifecycle/index.ts';
import { isSandboxFault, type SandboxFaultName, isStepId, type StepId, ERAS, type Era, type EraChoice } from '../trace/index.ts';
import type { Step } from '../trace/index.ts';
import { findWireInfo } from '../providers/index.ts';
import { chooseScenario, goToStep, next, reset } from './actions.ts';
import { readAppBaseUrl } from '../service-worker/index.ts';
import { create } from 'zustand';
import { selectIsFinished, useExplorerStore } from './explorer-store.ts';
import { useLinkOpening } from './link-opening.ts';

/**
 * A link that opens the explorer at one step of a built-in scenario, for a teacher to
 * share: ?scenario=two-rounds&era=2025-11-25&wire=anthropic&step=12&round=2, with the
 * learner's own question and model=real when they were not the scenario's. A step with no
 * canonical number (the handshake, a consent, the OAuth flow) is named by its id
 * (step=mcp.initialize.request), and a step that comes more than once in its round by which
 * time it is (occurrence=2: sampling's second step 14, once the server has its answer). Opening it
 * performs the run for real up to that step: with the mock model at once, with a real
 * provider only when the learner asks (it spends their key). A key is never in a link.
 * `stream=1` asks for the replies streamed, `stream=0` whole.
 */
/** A link opens the built-in server, which has no Auto era: auto is never read from a link nor written into one. */
export type DeepLink = {
  scenarioId: string;
  era?: EraChoice;
  wire?: string;
  /** The step's canonical number, 1 to 20. */
  step?: number;
  /** A step with no canonical number, by its id. */
  stepId?: StepId;
  round: number;
  /** Which time the step comes in its round, when not the first. */
  occurrence?: number;
  /** The question asked, when it was not the scenario's own. */
  question?: string;
  /** The link was made with a real provider; absent means the mock model. */
  modelKind?: 'real';
  /** Streamed (true) or whole (false) replies, when not the default for the kind of model. */
  stream?: boolean;
  /** The authorization sandbox's failure switch (fault=NAME), read only for the authorization scenario. */
  authFault?: SandboxFaultName;
};

/** A step comes at most this many times in a round that a link can name (a round's server requests are bounded far below it). */
const MAX_OCCURRENCE = 100;

/** Longer questions are cut: a link is for a question, not a document. */
export const LINK_QUESTION_LIMIT = 500;

export function isPinnedEra(era: string): era is Era {
  return (ERAS as readonly string[]).includes(era);
}

export function readDeepLink(search: string): DeepLink | null {
  const parameters = new URLSearchParams(search);
  const scenarioId = parameters.get('scenario');
  if (!scenarioId || !findScenario(scenarioId)) return null;
  const era = parameters.get('era');
  const wire = parameters.get('wire');
  const stepText = parameters.get('step') ?? '';
  const step = Number(stepText);
  const round = Number(parameters.get('round') ?? '1');
  const occurrence = Number(parameters.get('occurrence') ?? '1');
  const question = parameters.get('question')?.slice(0, LINK_QUESTION_LIMIT);
  const stream = parameters.get('stream');
  const fault = parameters.get('fault');
  return {
    scenarioId,
    ...(era && isPinnedEra(era) ? { era } : {}),
    ...(wire && findWireInfo(wire) ? { wire } : {}),
    ...(Number.isInteger(step) && step >= 1 && step <= 20 ? { step } : isStepId(stepText) ? { stepId: stepText } : {}),
    round: Number.isInteger(round) && round >= 1 ? round : 1,
    ...(Number.isInteger(occurrence) && occurrence > 1 && occurrence <= MAX_OCCURRENCE ? { occurrence } : {}),
    ...(question && question.trim() !== '' ? { question } : {}),
    ...(parameters.get('model') === 'real' ? { modelKind: 'real' as const } : {}),
    ...(stream === '1' || stream === '0' ? { stream: stream === '1' } : {}),
    ...(fault && isSandboxFault(fault) && isSandboxScenario(findScenario(scenarioId)) ? { authFault: fault } : {}),
  };
}

/** A link to the app's own base URL (its sub-path kept, whatever page pageUrl names), carrying only the link's settings. */
export function formatDeepLink(link: DeepLink, pageUrl: string): string {
  const url = readAppBaseUrl(pageUrl);
  url.search = '';
  url.hash = '';
  url.searchParams.set('scenario', link.scenarioId);
  if (link.era && isPinnedEra(link.era)) url.searchParams.set('era', link.era);
  if (link.wire) url.searchParams.set('wire', link.wire);
  if (link.step) url.searchParams.set('step', String(link.step));
  else if (link.stepId) url.searchParams.set('step', link.stepId);
  if (link.round > 1) url.searchParams.set('round', String(link.round));
  if (link.occurrence !== undefined && link.occurrence > 1) url.searchParams.set('occurrence', String(link.occurrence));
  if (link.question !== undefined && link.question !== findScenario(link.scenarioId)?.question) {
    url.searchParams.set('question', link.question.slice(0, LINK_QUESTION_LIMIT));
  }
  if (link.modelKind === 'real') url.searchParams.set('model', 'real');
  if (link.stream !== undefined) url.searchParams.set('stream', link.stream ? '1' : '0');
  if (link.authFault) url.searchParams.set('fault', link.authFault);
  return url.toString();
}

/** Where a link finds its step: its number or id, its round, and which time it comes there. */
export type LinkedStep = Pick<DeepLink, 'step' | 'stepId' | 'round' | 'occurrence'>;

function isNamedBy(step: Step, link: LinkedStep): boolean {
  return link.step !== undefined ? step.canonical === link.step : link.stepId !== undefined && step.id === link.stepId;
}

/** How a link names the step at this index of a run: its number (or id), its round, and which time it comes in that round. */
export function describeStepForLink(steps: readonly Step[], index: number): LinkedStep | null {
  const step = steps[index];
  if (!step || !isStepId(step.id)) return null;
  const named: LinkedStep = step.canonical !== null ? { step: step.canonical, round: step.iteration } : { stepId: step.id, round: step.iteration };
  const occurrence = steps.slice(0, index + 1).filter((earlier) => earlier.iteration === step.iteration && isNamedBy(earlier, named)).length;
  return occurrence > 1 ? { ...named, occurrence } : named;
}

/** The index of the step a link names: its canonical number (or id) in its round, the time it comes there. */
export function findLinkedStepIndex(steps: readonly Step[], link: LinkedStep): number {
  let seen = 0;
  return steps.findIndex((step) => step.iteration === link.round && isNamedBy(step, link) && ++seen === (link.occurrence ?? 1));
}

/**
 * The index of the same step in a later round, once the run has one: the link's round is
 * over without it (in bad-arguments the refused call of round 1 never runs, step 15, and
 * the corrected call of round 2 does). Rounds follow each other, so a later round's step
 * means the link's own round will not have it.
 */
export function findLaterRoundStepIndex(steps: readonly Step[], link: LinkedStep): number {
  return steps.findIndex((step) => step.iteration > link.round && isNamedBy(step, link));
}

/** Chooses the link's scenario, question, era and model, and starts over. */
export function applyDeepLinkSettings(link: DeepLink): void {
  chooseScenario(link.scenarioId);
  const { model } = useExplorerStore.getState();
  useExplorerStore.setState({
    ...(link.era ? { era: link.era } : {}),
    ...(link.question !== undefined ? { question: link.question } : {}),
    authFault: link.authFault ?? null,
    model: {
      ...model,
      kind: link.modelKind ?? 'mock',
      wire: link.wire ?? model.wire,
      mcpServerUrl: null,
      ...(link.stream === undefined ? {} : { stream: { ...model.stream, [link.modelKind ?? 'mock']: link.stream } }),
    },
  });
  reset();
}

/**
 * Performs the run until the step the link names is recorded, then shows exactly that
 * step. Steps that arrive together (the server's reports inside one tools/call stream)
 * are all recorded before the cursor moves, so the cursor is set to the step found, never
 * moved by counting presses of Next. A round without it shows the same step of a later
 * round, when the run has one; a run that ends without it shows its last step.
 */
export function performUntilLinkedStep(link: DeepLink): Promise<{ reached: boolean; laterRound?: number; atGate?: true }> {
  const { getState, setState, subscribe } = useExplorerStore;
  return new Promise((resolve) => {
    let runId: number | null = null;
    let scheduled = false;
    let unsubscribe = () => {};
    useLinkOpening.setState({ opening: pickLinkedStep(link) });
    const finish = (reached: boolean, laterRound?: number, atGate?: true) => {
      unsubscribe();
      // In the same task as the cursor's last move: the views are drawn once, at the step found.
      useLinkOpening.setState({ opening: null });
      resolve(atGate ? { reached, atGate } : laterRound === undefined ? { reached } : { reached, laterRound });
    };
    const advance = () => {
      const state = getState();
      // The learner started over or chose something else: the link is done with.
      if (runId !== null && state.runId !== runId) return finish(false);
      const index = findLinkedStepIndex(state.steps, link);
      if (index >= 0) {
        goToStep(index);
        return finish(true);
      }
      const later = findLaterRoundStepIndex(state.steps, link);
      if (later >= 0) {
        goToStep(later);
        return finish(false, state.steps[later]?.iteration);
      }
      // A run that ended, failed to start, or stopped at a fault (a retry would spend the learner's key again) goes no further.
      if (selectIsFinished(state) || (runId !== null && state.status === 'idle') || state.steps.at(-1)?.kind === 'fault') {
        if (state.steps.length > 0) goToStep(state.steps.length - 1);
        return finish(false);
      }
      // A gate only the learner may answer (the provider's approval): Next would not open it, so the link stops there.
      if (state.pending?.answerRequired) {
        goToStep(state.steps.length - 1);
        return finish(false, undefined, true);
      }
      // A step is on its way: wait for it.
      if (state.followNext) return;
      if (state.cursor < state.steps.length - 1) setState({ cursor: state.steps.length - 1, furthest: Math.max(state.furthest, state.steps.length - 1) });
      next();
      runId ??= getState().runId;
    };
    // One advance per burst of changes, after they have all landed.
    const schedule = () => {
      if (scheduled) return;
      scheduled = true;
      queueMicrotask(() => {
        scheduled = false;
        advance();
      });
    };
    unsubscribe = subscribe(schedule);
    advance();
  });
}

function pickLinkedStep({ step, stepId, round, occurrence }: DeepLink): LinkedStep {
  return { ...(step !== undefined ? { step } : {}), ...(stepId !== undefined ? { stepId } : {}), round, ...(occurrence !== undefined ? { occurrence } : {}) };
}

/** What opening a link did, for the banner that says it. */
export type OpenedLink =
  | { link: DeepLink; outcome: 'shown' | 'not-in-this-run' | 'waits-for-learner' | 'no-step' | 'at-gate' }
  | { link: DeepLink; outcome: 'in-later-round'; round: number };

function settleReached(link: DeepLink, { reached, laterRound, atGate }: { reached: boolean; laterRound?: number; atGate?: true }): OpenedLink {
  if (reached) return { link, outcome: 'shown' };
  if (atGate) return { link, outcome: 'at-gate' };
  return laterRound === undefined ? { link, outcome: 'not-in-this-run' } : { link, outcome: 'in-later-round', round: laterRound };
}

/**
 * Applies the link's settings and, with the mock model, performs the run up to its step.
 * A real provider's run waits for the learner to ask for it: it spends their key.
 */
export async function openDeepLink(link: DeepLink): Promise<OpenedLink> {
  applyDeepLinkSettings(link);
  const settle = (opened: OpenedLink): OpenedLink => {
    useOpenedLink.setState({ opened });
    return opened;
  };
  if (link.step === undefined && link.stepId === undefined) return settle({ link, outcome: 'no-step' });
  if (link.modelKind === 'real') return settle({ link, outcome: 'waits-for-learner' });
  return settle(settleReached(link, await performUntilLinkedStep(link)));
}

/** The learner asked for a real provider's linked run: perform it up to its step now. */
export async function performLinkWithRealProvider(link: DeepLink): Promise<void> {
  useOpenedLink.setState({ opened: null });
  useOpenedLink.setState({ opened: settleReached(link, await performUntilLinkedStep(link)) });
}

/**
 * The link this page was opened with and what came of it; null once dismissed. `refused`: what of the address the page
 * could not take (an era it does not know, a scenario it does not have), in words.
 */
export const useOpenedLink = create<{ opened: OpenedLink | null; refused?: string | null }>()(() => ({ opened: null, refused: null }));

export function dismissOpenedLink(): void {
  useOpenedLink.setState({ opened: null, refused: null });
}
