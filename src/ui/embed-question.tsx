import { findScenario } from '../content/index.ts';
import { useExplorerStore, type ExplorerState } from '../store/index.ts';

/** The question of the run on show: the one asked, once a run has started, else the one it will ask. */
const selectShownQuestion = (state: ExplorerState) => state.runQuestion ?? state.question;
const selectScenario = (state: ExplorerState) => state.scenarioId;
const selectEra = (state: ExplorerState) => state.era;
const selectNamedServer = (state: ExplorerState) => state.model.mcpServerUrl !== null;

/**
 * ?embed=1 hides the question bar (its controls would start another run inside a course page): what it picks is said
 * here instead, read only, so the framed lesson still tells what was asked, in which scenario and era, and why.
 */
export function EmbedQuestion() {
  const question = useExplorerStore(selectShownQuestion);
  const scenarioId = useExplorerStore(selectScenario);
  const era = useExplorerStore(selectEra);
  const namedServer = useExplorerStore(selectNamedServer);
  const scenario = namedServer ? undefined : findScenario(scenarioId);
  return (
    <div className="mt-1 flex flex-col gap-0.5 text-sm" data-testid="embed-question">
      <p>
        <span className="text-xs font-medium text-slate-600 dark:text-slate-300">Question: </span>
        <q className="font-medium" data-testid="embed-question-text">
          {question}
        </q>
        {scenario && (
          <>
            {' '}
            <span className="text-xs text-slate-600 dark:text-slate-300" data-testid="embed-scenario">
              · Scenario: {scenario.title} · protocol era {era}
            </span>
          </>
        )}
      </p>
      {scenario && (
        <p className="text-xs text-slate-600 dark:text-slate-300" data-testid="scenario-lesson">
          {scenario.lesson}
        </p>
      )}
    </div>
  );
}
