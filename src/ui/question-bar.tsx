import { ERAS, type EraChoice } from '../trace/vocabulary.ts';
import { SCENARIOS, findScenario } from '../content/scenarios.ts';
import { ask, chooseScenario, setEra, setQuestion } from '../store/actions.ts';
import { useExplorerStore, type ExplorerState } from '../store/explorer-store.ts';
import { useState } from 'react';
import { guardSwitch, SwitchConfirmDialog, type SwitchRequest } from './switch-confirm-dialog.tsx';

const selectQuestion = (state: ExplorerState) => state.question;
const selectEra = (state: ExplorerState) => state.era;
const selectRunQuestion = (state: ExplorerState) => state.runQuestion;
const selectScenario = (state: ExplorerState) => state.scenarioId;
const selectNamedServer = (state: ExplorerState) => state.model.mcpServerUrl !== null;

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

export function QuestionBar() {
  const question = useExplorerStore(selectQuestion);
  const era = useExplorerStore(selectEra);
  const runQuestion = useExplorerStore(selectRunQuestion);
  const scenarioId = useExplorerStore(selectScenario);
  const namedServer = useExplorerStore(selectNamedServer);
  const scenario = findScenario(scenarioId);
  const changed = runQuestion !== null && runQuestion !== question;
  const [switching, setSwitching] = useState<SwitchRequest | null>(null);
  return (
    <div className="flex flex-wrap items-end gap-x-4 gap-y-2">
      <label className="flex flex-col gap-1 text-xs font-medium text-slate-600 dark:text-slate-300">
        Scenario
        <select
          value={scenarioId}
          onChange={(event) => {
            const id = event.target.value;
            guardSwitch({ request: { what: `the scenario “${findScenario(id)?.title ?? id}”`, apply: () => chooseScenario(id) }, ask: setSwitching });
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
        <button type="submit" className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium shadow-sm hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-800 dark:hover:bg-slate-700">
          Ask
        </button>
        <span id="question-hint" className="sr-only">
          {changed ? 'The question changed: press Ask to start over with it.' : 'Press Next to send this question step by step, or Ask to start over.'}
        </span>
      </form>
      <fieldset className="flex flex-col gap-1">
        <legend className="text-xs font-medium text-slate-600 dark:text-slate-300">Protocol era</legend>
        <div className="flex rounded-md border border-slate-300 p-0.5 dark:border-slate-600">
          {listEraChoices(namedServer).map((value) => (
            <label
              key={value}
              className={`cursor-pointer rounded px-3 py-1 text-sm whitespace-nowrap has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-sky-500 ${era === value ? 'bg-slate-900 text-white dark:bg-slate-100 dark:text-slate-900' : 'text-slate-700 dark:text-slate-200'}`}
              title={ERA_NOTES[value]}
            >
              <input type="radio" name="era" value={value} checked={era === value} onChange={() => guardSwitch({ request: { what: `the ${ERA_LABELS[value]} era`, apply: () => setEra(value) }, ask: setSwitching })} className="sr-only" />
              {ERA_LABELS[value]}
            </label>
          ))}
        </div>
      </fieldset>
      {changed ? (
        <p className="w-full text-xs text-amber-700 dark:text-amber-300">The question changed: press Ask to start over with it.</p>
      ) : (
        scenario && <p className="w-full text-xs text-slate-600 dark:text-slate-300" data-testid="scenario-lesson">{scenario.lesson}</p>
      )}
      <SwitchConfirmDialog request={switching} close={() => setSwitching(null)} />
    </div>
  );
}
