import type { ReactNode } from 'react';
import { ERAS, type EraChoice, SANDBOX_FAULTS, isSandboxFault } from '../trace/index.ts';
import { SCENARIOS, findEraRefusal, findScenario } from '../content/index.ts';
import { isSandboxScenario } from '../lifecycle/index.ts';
import { ask, chooseScenario, setAuthFault, setEra, setQuestion, signInToServer, useExplorerStore, type ExplorerState } from '../store/index.ts';
import { useState } from 'react';
import { guardSwitch, SwitchConfirmDialog, type SwitchRequest } from './switch-confirm-dialog.tsx';
import { SignInGate } from './gate/sign-in-gate.tsx';

const selectQuestion = (state: ExplorerState) => state.question;
const selectEra = (state: ExplorerState) => state.era;
const selectRunQuestion = (state: ExplorerState) => state.runQuestion;
const selectScenario = (state: ExplorerState) => state.scenarioId;
const selectNamedServer = (state: ExplorerState) => state.model.mcpServerUrl !== null;
const selectAuthFault = (state: ExplorerState) => state.authFault;
const selectSignIn = (state: ExplorerState) => state.signIn;
/** A named server refused the run with 401 and the learner has not chosen to sign in to it yet. */
const selectOffersSignIn = (state: ExplorerState) =>
  state.status === 'failed' &&
  state.model.mcpServerUrl !== null &&
  state.signInServerUrl !== state.model.mcpServerUrl &&
  state.steps.some((step) => step.http?.status === 401);

const ERA_NOTES: Record<EraChoice, string> = {
  '2025-11-25': 'initialize handshake',
  '2026-07-28': 'server/discover, no handshake',
  auto: 'try 2026-07-28, fall back to 2025-11-25 in the open when the server does not speak it',
};
const ERA_LABELS: Record<EraChoice, string> = { '2025-11-25': '2025-11-25', '2026-07-28': '2026-07-28', auto: 'Auto' };

/** Auto is for a server named by URL; the built-in server keeps its explicit switch. */
function listEraChoices(namedServer: boolean): readonly EraChoice[] {
  return namedServer ? ['auto', ...ERAS] : ERAS;
}

/** On a squat screen (1280×720) two lines of the lesson, the rest a hover away: the header leaves the graph and the payload their room. */
function ScenarioLesson({ lesson }: { lesson: string }) {
  return (
    <p className="min-w-0 flex-1 text-xs text-slate-600 squat:line-clamp-2 dark:text-slate-300" title={lesson} data-testid="scenario-lesson">
      {lesson}
    </p>
  );
}

/** The scenario picker: a switch mid-run asks first (guardSwitch). */
function ScenarioSelect({ scenarioId, askFirst }: { scenarioId: string; askFirst: (request: SwitchRequest) => void }) {
  return (
    <label className="flex flex-col gap-1 text-xs font-medium text-slate-600 dark:text-slate-300">
      Scenario
      <select
        value={scenarioId}
        onChange={(event) => {
          const id = event.target.value;
          guardSwitch({ request: { what: `the scenario “${findScenario(id)?.title ?? id}”`, apply: () => chooseScenario(id) }, ask: askFirst });
        }}
        className="max-w-64 rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
        data-testid="scenario-select"
      >
        {SCENARIOS.map((entry) => (
          <option key={entry.id} value={entry.id}>
            {entry.title}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The built-in sandbox's failure switch, for the authorization scenario. */
function AuthFaultSelect({ authFault }: { authFault: ExplorerState['authFault'] }) {
  return (
    <label className="flex flex-col gap-1 text-xs font-medium text-slate-600 dark:text-slate-300">
      Failure switch
      <select
        value={authFault ?? ''}
        onChange={(event) => setAuthFault(isSandboxFault(event.target.value) ? event.target.value : null)}
        className="rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
        data-testid="auth-fault-select"
      >
        <option value="">None: the whole flow</option>
        {SANDBOX_FAULTS.map((fault) => (
          <option key={fault} value={fault}>
            {fault}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A named server answered 401: the learner may run again with the authorization flow. */
function SignInOffer() {
  return (
    <p className="flex w-full items-center gap-2 text-xs text-slate-700 dark:text-slate-200">
      The server answered 401. Run again with the MCP authorization flow (OAuth: its consent page in a window of its own, the token kept in memory only)?
      <button
        type="button"
        onClick={signInToServer}
        className="rounded-md border border-sky-700 bg-sky-800 px-3 py-1 text-sm font-medium text-white hover:bg-sky-900"
        data-testid="sign-in-to-server"
      >
        Sign in
      </button>
    </p>
  );
}

/** The question, with Ask to start over with it. */
function QuestionForm({ question, changed }: { question: string; changed: boolean }) {
  return (
    <form
      className="flex min-w-72 flex-1 items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        ask();
      }}
    >
      <label className="flex min-w-0 flex-1 flex-col gap-1 text-xs font-medium text-slate-600 dark:text-slate-300">
        Question
        <input
          value={question}
          onChange={(event) => setQuestion(event.target.value)}
          maxLength={2000}
          className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-base text-slate-900 shadow-sm focus:border-sky-500 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
          aria-describedby="question-hint"
        />
      </label>
      <button
        type="submit"
        className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium shadow-sm hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-800 dark:hover:bg-slate-700"
      >
        Ask
      </button>
      <span id="question-hint" className="sr-only">
        {changed ? 'The question changed: press Ask to start over with it.' : 'Press Next to send this question step by step, or Ask to start over.'}
      </span>
    </form>
  );
}

/** The protocol era's switch (Auto only for a server named by URL); a switch mid-run asks first. */
function EraSwitch({ era, namedServer, askFirst }: { era: EraChoice; namedServer: boolean; askFirst: (request: SwitchRequest) => void }) {
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="text-xs font-medium text-slate-600 dark:text-slate-300">Protocol era</legend>
      <div className="flex rounded-md border border-slate-300 p-0.5 dark:border-slate-600">
        {listEraChoices(namedServer).map((value) => (
          <label
            key={value}
            className={`cursor-pointer rounded px-3 py-1 text-sm whitespace-nowrap has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-sky-500 ${era === value ? 'bg-slate-900 text-white dark:bg-slate-100 dark:text-slate-900' : 'text-slate-700 dark:text-slate-200'}`}
            title={ERA_NOTES[value]}
          >
            <input
              type="radio"
              name="era"
              value={value}
              checked={era === value}
              onChange={() => guardSwitch({ request: { what: `the ${ERA_LABELS[value]} era`, apply: () => setEra(value) }, ask: askFirst })}
              className="sr-only"
            />
            {ERA_LABELS[value]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** `aside` sits at the end of the scenario's line (the lesson tools' switches). */
export function QuestionBar({ aside }: { aside?: ReactNode }) {
  const question = useExplorerStore(selectQuestion);
  const era = useExplorerStore(selectEra);
  const runQuestion = useExplorerStore(selectRunQuestion);
  const scenarioId = useExplorerStore(selectScenario);
  const namedServer = useExplorerStore(selectNamedServer);
  const authFault = useExplorerStore(selectAuthFault);
  const signIn = useExplorerStore(selectSignIn);
  const offersSignIn = useExplorerStore(selectOffersSignIn);
  const scenario = findScenario(scenarioId);
  // The scenario's lesson needs the era it names, with any server: said here, where it is picked, with the era that can run it.
  const refusal = scenario ? findEraRefusal(scenario, era) : null;
  const changed = runQuestion !== null && runQuestion !== question;
  const [switching, setSwitching] = useState<SwitchRequest | null>(null);
  return (
    <div className="flex flex-wrap items-end gap-x-4 gap-y-2">
      <ScenarioSelect scenarioId={scenarioId} askFirst={setSwitching} />
      {isSandboxScenario(scenario) && !namedServer && <AuthFaultSelect authFault={authFault} />}
      <SignInGate signIn={signIn} />
      {offersSignIn && <SignInOffer />}
      <QuestionForm question={question} changed={changed} />
      <EraSwitch era={era} namedServer={namedServer} askFirst={setSwitching} />
      <div className="flex w-full flex-wrap items-center justify-between gap-x-4 gap-y-1">
        {refusal ? (
          <p className="min-w-0 flex-1 text-xs font-medium text-amber-900 dark:text-amber-200" role="status" data-testid="scenario-era-refusal">
            This scenario cannot run in {era}. {refusal.why}{' '}
            <button
              type="button"
              onClick={() => setEra(refusal.era)}
              className="ml-1 rounded border border-amber-700 px-2 py-0.5 font-semibold underline-offset-2 hover:underline dark:border-amber-300"
            >
              Switch to {refusal.era}
            </button>
          </p>
        ) : changed ? (
          <p className="min-w-0 flex-1 text-xs text-amber-700 dark:text-amber-300">The question changed: press Ask to start over with it.</p>
        ) : (
          scenario && <ScenarioLesson lesson={scenario.lesson} />
        )}
        {aside}
      </div>
      <SwitchConfirmDialog request={switching} close={() => setSwitching(null)} />
    </div>
  );
}
