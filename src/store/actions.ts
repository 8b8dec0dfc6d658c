import { findEraRefusal, findScenario } from '../content/index.ts';
import type { EraChoice, SandboxFaultName } from '../trace/index.ts';
import { initialRunSlice, moveCursor, selectIsFinished, useExplorerStore } from './explorer-store.ts';
import { saveModelSettings, storeKeys, type ModelSettings } from './model-settings.ts';
import { saveViewPreferences, type ViewPreferences } from './view-preferences.ts';
import { setChosenPrompt } from './server-offerings.ts';
import { saveBlob } from './save-blob.ts';
import type { PromptChoice } from '../lifecycle/index.ts';
import { abortRun, cancelProviderRequest, cancelToolCall, closeViews, getShownTrace, importTraceText, releaseRun, startRun } from './run-controller.ts';

/**
 * What the learner can do, as plain functions: buttons, keyboard shortcuts and tests
 * all call these, inside React or not.
 */

const { getState, setState } = useExplorerStore;
let playTimer: ReturnType<typeof setTimeout> | undefined;

/** Shows the next step: a recorded one (replay), or releases the host to perform the next real message. */
export function next(): void {
  const state = getState();
  if (state.cursor < state.steps.length - 1) {
    setState(moveCursor(state, state.cursor + 1));
    return;
  }
  // An imported trace is a replay: there is nothing more to perform.
  if (state.source.kind === 'imported') return;
  if (state.status === 'idle') {
    // A built-in scenario in an era that cannot run it would quietly teach something else: the question bar says so and offers its era.
    if (isEraRefused(state)) return;
    setState({ followNext: true });
    void startRun();
    return;
  }
  if (state.status === 'running') {
    // A gate that wants the user's own answer (the provider's approval request) is not answered by Next: its panel is.
    if (state.pending?.answerRequired) {
      pause();
      return;
    }
    setState({ followNext: true });
    if (state.pending) releaseRun();
  }
}

function isEraRefused(state: ReturnType<typeof getState>): boolean {
  const scenario = findScenario(state.scenarioId);
  return scenario !== undefined && findEraRefusal(scenario, state.era) !== null;
}

/** Sends the message waiting at the gate as the learner edited it, and shows it. */
export function sendEditedMessage(payload: unknown): void {
  const state = getState();
  if (!state.pending?.editable || state.source.kind !== 'live') return;
  setState({ followNext: true });
  releaseRun({ payload });
}

/** Answers the gate with the user's choice (Allow, Decline, a form): the step records it as the user's answer, not as an edit. */
export function answerAtGate(payload: unknown, { pageOpened }: { pageOpened?: boolean } = {}): void {
  const state = getState();
  if (!state.pending?.editable || state.source.kind !== 'live') return;
  setState({ followNext: true });
  releaseRun({ payload, answered: true, ...(pageOpened === undefined ? {} : { pageOpened }) });
}

export function back(): void {
  setState((state) => ({ cursor: Math.max(state.steps.length > 0 ? 0 : -1, state.cursor - 1), followNext: false }));
}

export function goToStep(index: number): void {
  setState((state) => ({ ...moveCursor(state, Math.min(Math.max(index, 0), state.steps.length - 1)), followNext: false }));
}

export function reset(): void {
  pause();
  abortRun();
  setState((state) => ({ ...initialRunSlice, runId: state.runId + 1, cursor: -1, furthest: -1, followNext: false }));
}

/** Starts over with the question in the box. */
export function ask(): void {
  reset();
  next();
}

export function setQuestion(question: string): void {
  setChosenPrompt(null);
  setState({ question });
}

/** Starts over from a prompt of the server the learner chose in the settings, with their arguments. */
export function runFromPrompt(choice: PromptChoice): void {
  reset();
  setChosenPrompt(choice);
  const values = Object.entries(choice.arguments ?? {}).map(([name, value]) => `${name} = ${value}`);
  setState({ question: `Prompt ${choice.name}${values.length > 0 ? `: ${values.join(', ')}` : ''}` });
  next();
}

/** A scenario prefills the question (and the era when it needs one) and starts over. */
export function chooseScenario(id: string): void {
  const scenario = findScenario(id);
  if (!scenario) return;
  reset();
  setChosenPrompt(null);
  setState({ scenarioId: scenario.id, question: scenario.question, ...(scenario.era ? { era: scenario.era } : {}) });
}

/** The sandbox's failure switch changes the server's URL, so switching it starts over. */
export function setAuthFault(fault: SandboxFaultName | null): void {
  if (getState().authFault === fault) return;
  reset();
  setState({ authFault: fault });
}

/** After a named server's 401: run again with the authorization flow for that server (its consent in a popup). */
export function signInToServer(): void {
  const url = getState().model.mcpServerUrl;
  if (url === null) return;
  reset();
  setState({ signInServerUrl: url });
  next();
}

/** The era decides the very first messages, so switching it starts over. */
export function setEra(era: EraChoice): void {
  if (getState().era === era) return;
  reset();
  setState({ era });
}

/**
 * New model settings (and keys) start over, since the run so far spoke to another model.
 * Keys are written to this device only when the learner chose to remember them.
 */
export function applyModelSettings(model: ModelSettings, apiKeys: Record<string, string>): void {
  const keys = Object.fromEntries(Object.entries(apiKeys).filter(([, value]) => value.trim() !== ''));
  saveModelSettings(model);
  storeKeys(keys, model.rememberKeys);
  reset();
  setState({ model, apiKeys: keys, era: chooseEraForServer({ era: getState().era, before: getState().model.mcpServerUrl, after: model.mcpServerUrl }) });
}

/** A server named by URL starts in the Auto era; the built-in server has no Auto, so it goes back to 2025-11-25. */
function chooseEraForServer({ era, before, after }: { era: EraChoice; before: string | null; after: string | null }): EraChoice {
  if (after === null) return era === 'auto' ? '2025-11-25' : era;
  return before === null ? 'auto' : era;
}

/** Downloads the trace on show as a JSON file (it holds no API key: the recorder redacts them). */
export async function exportTrace(): Promise<void> {
  const trace = getShownTrace();
  if (!trace) return;
  const { serializeTrace, traceFileName } = await import('../lifecycle/import-trace.ts');
  saveBlob(new Blob([serializeTrace(trace)], { type: 'application/json' }), traceFileName(trace));
}

export async function importTrace(file: File): Promise<void> {
  pause();
  setState({ importError: null });
  if (file.size > 20 * 1024 * 1024) {
    setState({ importError: `${file.name} is ${(file.size / 1024 / 1024).toFixed(1)} MB; traces over 20 MB are refused. Nothing was loaded.` });
    return;
  }
  await importTraceText(await file.text(), file.name);
}

export function dismissImportError(): void {
  setState({ importError: null });
}

/** Stops the tool that is running: the client sends notifications/cancelled, and the model is told the user stopped it. */
export function stopToolCall(): void {
  cancelToolCall();
}

/** Closes the tools' views (MCP Apps): each is told (ui/resource-teardown) before its frame goes, and a run waiting for them ends. */
export function closeAppViews(): void {
  closeViews();
}

/** Stops the model request on the wire; the run stays, offering to send it again. */
export function cancelRequest(): void {
  cancelProviderRequest();
}

function tick(): void {
  const state = getState();
  if (!state.playing) return;
  const atEnd = state.cursor >= state.steps.length - 1;
  // A run whose views stay on screen waits for the learner, not for the next step: playback has shown all there is.
  if (atEnd && (selectIsFinished(state) || (state.viewsLive && state.pending === null))) {
    pause();
    return;
  }
  if (!state.followNext) next();
  playTimer = setTimeout(tick, getState().preferences.intervalMs);
}

export function play(): void {
  if (getState().playing) return;
  setState({ playing: true });
  tick();
}

export function pause(): void {
  clearTimeout(playTimer);
  playTimer = undefined;
  setState({ playing: false });
}

export function togglePlay(): void {
  if (getState().playing) pause();
  else play();
}

/** Changes how things look (theme, presenter mode, view, inspector size, speed) and keeps it on this device. */
export function setViewPreferences(change: Partial<ViewPreferences>): void {
  const preferences = { ...getState().preferences, ...change };
  saveViewPreferences(preferences);
  setState({ preferences });
}

export function setShortcutsOpen(open: boolean): void {
  setState({ shortcutsOpen: open });
}
