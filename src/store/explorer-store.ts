import { DEFAULT_QUESTION, DEFAULT_SCENARIO_ID } from '../content/index.ts';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { PendingStep } from '../lifecycle/index.ts';
import type { Step, TraceStatus, EraChoice, GatedUrl, SandboxFaultName } from '../trace/index.ts';
import { defaultModelSettings, loadModelSettings, loadRememberedKeys, type ModelSettings } from './model-settings.ts';
import { defaultViewPreferences, loadViewPreferences, type ViewPreferences } from './view-preferences.ts';
import { definePageStore } from './page-store.ts';

/**
 * One store, four slices: the recorded run, the cursor over it, playback, and the
 * learner's settings. The engine appends; the view only moves the cursor.
 */

export type RunStatus = 'idle' | TraceStatus;

export type RunSlice = {
  runId: number;
  steps: Step[];
  status: RunStatus;
  /** The message waiting at the host's gate, if any. */
  pending: PendingStep | null;
  answer: string | null;
  runQuestion: string | null;
  runEra: EraChoice | null;
  /** The wire format of the run on show. */
  runWire: string | null;
  protocolVersion: string | null;
  modelName: string | null;
  /** Loading the engine or the SDK failed; the page keeps working otherwise. */
  loadError: string | null;
  /** A provider request is on the wire and can be cancelled. */
  providerInFlight: boolean;
  /** A tools/call is on the wire and can be stopped (the client then sends notifications/cancelled), or the task it became can be cancelled. */
  toolCallInFlight: boolean;
  /** The answer is given and the tools' views stay on screen until the learner closes them (MCP Apps). */
  viewsLive: boolean;
  /** What is in flight is a task the host follows: Stop is Cancel the task (tasks/cancel). */
  taskInFlight: boolean;
  /** Live: performed now by the engine. Imported: a replay of a trace file, no network at all. */
  source:
    | { kind: 'live' }
    /** `cut` says what the import left out (data nested past the depth bound), shown with the replay. */
    | { kind: 'imported'; fileName: string; startedAt: string; wire: string; modelKind: string; cut?: string };
  /** Why the last file could not be imported; the run on show is untouched. */
  importError: string | null;
  /** The sign-in the engine waits for (src/store/sign-in-window.ts): the Sign in button opens its consent page. */
  signIn: PendingSignIn | null;
};

/**
 * A sign-in in progress. `opened`: the learner pressed Sign in at least once (a window opened without an opener cannot be
 * watched, so this is all the page knows of it). `refused`: an answer came back that is not this sign-in's, and was not taken.
 */
export type PendingSignIn = { authorizationUrl: GatedUrl; opened: boolean; refused?: string };

export type CursorSlice = {
  /** Index into steps of the step on show, -1 before the first. */
  cursor: number;
  /** Move the cursor to the next step as soon as it is recorded. */
  followNext: boolean;
  /** The furthest step shown so far: anything before it is a replay. */
  furthest: number;
};

export type PlaybackSlice = {
  playing: boolean;
};

export type ViewSlice = {
  preferences: ViewPreferences;
  /** The keyboard shortcuts overlay is open. */
  shortcutsOpen: boolean;
};

export type SettingsSlice = {
  question: string;
  /** The era control: a pinned era, or auto for a server named by URL. */
  era: EraChoice;
  /** The built-in scenario chosen (it prefilled the question). */
  scenarioId: string;
  /** The authorization sandbox's failure switch, for the authorization scenario (null: none). */
  authFault: SandboxFaultName | null;
  /** The named MCP server the learner chose to sign in to after its 401: its runs carry the authorization flow. */
  signInServerUrl: string | null;
  model: ModelSettings;
  /** API keys by provider variable name (OPENAI_API_KEY …): memory unless remembered. */
  apiKeys: Record<string, string>;
};

export type ExplorerState = RunSlice & CursorSlice & PlaybackSlice & SettingsSlice & ViewSlice;

export const initialRunSlice: RunSlice = {
  runId: 0,
  steps: [],
  status: 'idle',
  pending: null,
  answer: null,
  runQuestion: null,
  runEra: null,
  runWire: null,
  protocolVersion: null,
  modelName: null,
  loadError: null,
  providerInFlight: false,
  toolCallInFlight: false,
  viewsLive: false,
  taskInFlight: false,
  source: { kind: 'live' },
  importError: null,
  signIn: null,
};

/** What the learner keeps on this device: read from the page's storage once, when the page's store is made. */
export type StoredSettings = Pick<ExplorerState, 'preferences' | 'model' | 'apiKeys'>;

export function readStoredSettings(): StoredSettings {
  return { preferences: loadViewPreferences(), model: loadModelSettings(), apiKeys: loadRememberedKeys() };
}

export type ExplorerStore = StoreApi<ExplorerState>;

/** A store of its own: the page's (from its storage), or a test's (the defaults), apart from every other. */
export function createExplorerStore(
  stored: StoredSettings = { preferences: defaultViewPreferences(), model: defaultModelSettings(), apiKeys: {} },
): ExplorerStore {
  return createStore<ExplorerState>()(() => ({
    ...initialRunSlice,
    cursor: -1,
    followNext: false,
    furthest: -1,
    playing: false,
    shortcutsOpen: false,
    question: DEFAULT_QUESTION,
    era: '2025-11-25',
    scenarioId: DEFAULT_SCENARIO_ID,
    authFault: null,
    signInServerUrl: null,
    ...stored,
  }));
}

/**
 * The page's store: made from the page's storage the first time anything asks for it (the
 * page's start-up), not when a module is imported, so a test that installs its own never
 * reads storage, and no test's state reaches the next.
 */
export const useExplorerStore = definePageStore(() => createExplorerStore(readStoredSettings()));
export const getExplorerStore = useExplorerStore.get;
export const installExplorerStore = useExplorerStore.install;

/** Moving the cursor forward extends what has been seen; moving it back is a replay. */
export function moveCursor(state: Pick<ExplorerState, 'furthest'>, index: number): Pick<CursorSlice, 'cursor' | 'furthest'> {
  return { cursor: index, furthest: Math.max(state.furthest, index) };
}

// Selectors live here, at module scope, so components share them and React can compare results.
/** Next was pressed and the step it asked for is on its way (the network, or the engine loading). */
export const selectIsWaiting = (state: ExplorerState): boolean => state.followNext;
export const selectCurrentStep = (state: ExplorerState): Step | undefined => state.steps[state.cursor];
export const selectIsReplay = (state: ExplorerState): boolean => state.cursor >= 0 && state.cursor < state.furthest;
export const selectCanGoBack = (state: ExplorerState): boolean => state.cursor > 0;
export const selectCanGoNext = (state: ExplorerState): boolean =>
  state.cursor < state.steps.length - 1 || (state.source.kind === 'live' && (state.status === 'idle' || (state.status === 'running' && !state.followNext)));
export const selectIsFinished = (state: ExplorerState): boolean => state.status !== 'idle' && state.status !== 'running';
export const selectShownAnswer = (state: ExplorerState): string | null => {
  const answerIndex = state.steps.findIndex((step) => step.id === 'host.answer');
  return answerIndex >= 0 && state.cursor >= answerIndex ? state.answer : null;
};
