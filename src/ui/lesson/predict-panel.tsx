import { useCallback, useState } from 'react';
import { answerPrediction, isPredictionRight, listChoices, PREDICTION_PROMPTS, type PredictionKind } from '../../content/index.ts';
import { next, selectIsFinished, useExplorerStore, recordPrediction, useLessonStore, type Prediction } from '../../store/index.ts';
import type { Step } from '../../trace/index.ts';

/** Asked where the lesson has nothing for the step on show, and before the first step. */
const ANY_STEP: PredictionKind[] = ['sender'];
const BEFORE_THE_FIRST: PredictionKind[] = ['sender', 'method'];

const panel = 'rounded-md border border-slate-300 p-3 text-sm dark:border-slate-600';

function QuestionField({ kind, value, onChange }: { kind: PredictionKind; value: string; onChange: (value: string) => void }) {
  const choices = listChoices(kind);
  const chosen = new Set(value.split(', ').filter(Boolean));
  return (
    <fieldset className="mt-2" data-testid={`question-${kind}`}>
      <legend className="font-medium">{PREDICTION_PROMPTS[kind]}</legend>
      <div className="mt-1 flex flex-wrap gap-x-3 gap-y-1">
        {choices.map((choice) => (
          <label key={choice} className="inline-flex items-center gap-1">
            {kind === 'headers' ? (
              <input
                type="checkbox"
                checked={chosen.has(choice)}
                onChange={(event) => {
                  const set = new Set(chosen);
                  if (event.target.checked) set.add(choice);
                  else set.delete(choice);
                  onChange([...set].join(', '));
                }}
              />
            ) : (
              <input type="radio" name={kind} checked={value === choice} onChange={() => onChange(choice)} />
            )}
            <span className={kind === 'headers' || kind === 'method' ? 'font-mono text-xs' : ''}>{choice}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * The answer once the learner has seen the step it is read from: steps that arrive
 * together (a tools/call stream's reports and result) are recorded before they are shown.
 */
function revealAnswer({ prediction, steps, finished, furthest }: { prediction: Prediction; steps: Step[]; finished: boolean; furthest: number }) {
  const answer = answerPrediction({ steps, askedAt: prediction.askedAt, kind: prediction.kind, finished });
  return answer && answer.stepIndex <= furthest ? answer : null;
}

function GradedPrediction({ prediction }: { prediction: Prediction }) {
  const steps = useExplorerStore((state) => state.steps);
  const finished = useExplorerStore(selectIsFinished);
  const furthest = useExplorerStore((state) => state.furthest);
  const answer = revealAnswer({ prediction, steps, finished, furthest });
  const label = `${prediction.stepN === 0 ? 'Before the first step' : `After step #${prediction.stepN}`}: ${PREDICTION_PROMPTS[prediction.kind]}`;
  if (!answer)
    return (
      <li data-testid="prediction" data-result="pending">
        {label} You said {prediction.given || 'nothing'}; the run has not got there yet.
      </li>
    );
  const right = isPredictionRight({ kind: prediction.kind, given: prediction.given, answer: answer.answer });
  return (
    <li
      data-testid="prediction"
      data-result={right ? 'right' : 'wrong'}
      className={right ? 'text-emerald-800 dark:text-emerald-200' : 'text-red-800 dark:text-red-200'}
    >
      <span className="font-semibold">{right ? 'Right' : 'Not quite'}.</span> {label} You said {prediction.given || 'nothing'}; it was{' '}
      <span className="font-mono">{answer.answer}</span>. {answer.why}
    </li>
  );
}

/**
 * The questions for the step to come, each with its field; locked in, the answers are recorded and Next is pressed.
 * Before the first step the run does not exist yet: Next starts it under the next run id (predictedRun).
 */
function PredictionForm({
  questions,
  answers,
  setAnswers,
  predictedRun,
  cursor,
  stepN,
}: {
  questions: readonly PredictionKind[];
  answers: Partial<Record<PredictionKind, string>>;
  setAnswers: (answers: Partial<Record<PredictionKind, string>>) => void;
  predictedRun: number;
  cursor: number;
  stepN: number;
}) {
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        for (const kind of questions) recordPrediction({ runId: predictedRun, askedAt: cursor, stepN, kind, given: answers[kind] ?? '' });
        setAnswers({});
        next();
      }}
    >
      {questions.map((kind) => (
        <QuestionField key={`${cursor}-${kind}`} kind={kind} value={answers[kind] ?? ''} onChange={(value) => setAnswers({ ...answers, [kind]: value })} />
      ))}
      <button type="submit" className="mt-2 rounded-md bg-slate-900 px-3 py-1 text-sm font-medium text-white dark:bg-slate-100 dark:text-slate-900">
        Lock in and reveal
      </button>
    </form>
  );
}

/** Before each reveal: the questions the lesson asks at this step, answered by the learner, graded by the steps that follow. */
export function PredictPanel() {
  const runId = useExplorerStore((state) => state.runId);
  const status = useExplorerStore((state) => state.status);
  const cursor = useExplorerStore((state) => state.cursor);
  const step = useExplorerStore((state) => state.steps[state.cursor]);
  const atEnd = useExplorerStore((state) => state.cursor === state.steps.length - 1);
  const finished = useExplorerStore(selectIsFinished);
  const steps = useExplorerStore((state) => state.steps);
  const planQuestions = useLessonStore((state) => state.plan.questions);
  const questions = step ? (planQuestions[step.id] ?? ANY_STEP) : BEFORE_THE_FIRST;
  const predictions = useLessonStore((state) => state.predictions).filter((prediction) => prediction.runId === runId);
  const [answers, setAnswers] = useState<Partial<Record<PredictionKind, string>>>({});
  const asked = predictions.some((prediction) => prediction.askedAt === cursor);
  const furthest = useExplorerStore((state) => state.furthest);
  const graded = predictions
    .map((prediction) => ({ prediction, answer: revealAnswer({ prediction, steps, finished, furthest }) }))
    .filter((entry) => entry.answer !== null);
  const right = graded.filter((entry) =>
    isPredictionRight({ kind: entry.prediction.kind, given: entry.prediction.given, answer: entry.answer!.answer }),
  ).length;
  const canAsk = atEnd && !finished && !asked;
  // A new answer, or one just graded (its line grows), is the one the learner looks for: the list shows its end.
  const shownResults = `${predictions.length}|${graded.length}`;
  const scrollToEnd = useCallback(
    (list: HTMLOListElement | null) => {
      if (list && shownResults !== '0|0') list.scrollTop = list.scrollHeight;
    },
    [shownResults],
  );
  return (
    <div className={panel} data-testid="predict-panel">
      <h2 className="font-semibold">Predict the next step</h2>
      {canAsk ? (
        <PredictionForm
          questions={questions}
          answers={answers}
          setAnswers={setAnswers}
          predictedRun={status === 'idle' ? runId + 1 : runId}
          cursor={cursor}
          stepN={step?.n ?? 0}
        />
      ) : (
        <p className="text-slate-700 dark:text-slate-200">
          {finished ? 'The run is over.' : asked ? 'Answered: press Next to see what happened.' : 'Go to the latest step to predict the next one.'}
        </p>
      )}
      {predictions.length > 0 && (
        <>
          {/* The results are a list the learner opens (at most 7rem, scrolled to the newest): shown as they came, they grew the panel with every answer and the graph lost that height. The score under it is announced as each is graded. */}
          <details className="mt-2" data-testid="prediction-details">
            <summary className="cursor-pointer">All your predictions ({predictions.length})</summary>
            <ol
              className="mt-1 max-h-28 list-decimal space-y-1 overflow-y-auto pl-5"
              tabIndex={0}
              aria-label="Your predictions"
              ref={scrollToEnd}
              data-testid="prediction-list"
            >
              {predictions.map((prediction) => (
                <GradedPrediction key={`${prediction.askedAt}-${prediction.kind}`} prediction={prediction} />
              ))}
            </ol>
          </details>
          <p className="mt-2 font-semibold" data-testid="prediction-score" role="status">
            {finished ? 'Final score' : 'Score so far'}: {right} of {graded.length} right
            {graded.length < predictions.length ? ` (${predictions.length - graded.length} still to come)` : ''}.
          </p>
        </>
      )}
    </div>
  );
}
