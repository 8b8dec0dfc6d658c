import { STEP_DEFINITIONS, TOOL_CALL_REPLY_STEPS, type StepDefinition, PHASES, type Phase } from '../trace/index.ts';
import type { Step, TraceStatus } from '../trace/index.ts';
import { findMissingSteps, NOT_THIS_RUN } from './missing-steps.ts';
import { describeMovedToProvider, type ProviderHopFacts } from './provider-mcp-words.ts';
import type { FailureSituation } from './step-summaries.ts';

/**
 * The end-of-run recap: this run laid over the article's twenty steps, four phases and
 * three translations. Everything in it is read from the recorded steps, so a run that
 * left the happy path says where and how, instead of retelling the simple story.
 */

/** How a step's round left the happy path (the timeline's outcome of each step, by index). */
export type RecapOutcome = { situation: FailureSituation; failed: boolean } | undefined;

export type CanonicalState = 'happened' | 'failed' | 'edited' | 'missing';

export type RecapCanonicalStep = {
  canonical: number;
  title: string;
  phase: Phase;
  state: CanonicalState;
  /** The model rounds in which it was recorded (empty when it never was). */
  rounds: number[];
  /** Why it never happened, or where it failed. */
  note?: string;
};

export type RecapPhase = { phase: Phase; canonicalReached: number; canonicalTotal: number; extraSteps: number };

export type RecapTranslation = {
  number: 1 | 2 | 3;
  /** How many times the host did it (once per round for #2 and #3). */
  times: number;
  warnings: number;
  changes: number;
  failed: boolean;
};

export type RunRecap = {
  recorded: number;
  canonicalSteps: RecapCanonicalStep[];
  phases: RecapPhase[];
  translations: RecapTranslation[];
  /** What this run did that the article's one-call story does not, in sentences. */
  differences: string[];
  next: { scenarioId: string; why: string } | null;
};

const CANONICAL_DEFINITIONS = new Map<number, StepDefinition>();
for (const definition of Object.values(STEP_DEFINITIONS) as StepDefinition[]) {
  if (definition.canonical !== null && !CANONICAL_DEFINITIONS.has(definition.canonical)) CANONICAL_DEFINITIONS.set(definition.canonical, definition);
}

const SITUATION_WORDS: Record<FailureSituation, string> = {
  'validation-refused': 'the server’s validation refused the model’s arguments (an isError result), and the model had to try again',
  'unknown-tool': 'the model called a tool the server does not have: a JSON-RPC error, not a result',
  'header-mismatch': 'a header of the tools/call disagreed with its body, and the server refused it with -32020 before it looked the tool up',
  'arguments-unreadable': 'translation #2 could not read the model’s arguments as JSON, so no tools/call was sent',
  'tool-failed': 'the tool ran and failed: its result carried isError, and the model reported the failure',
  'no-tool': 'the model answered without calling a tool',
};

/** The features a run can show, each tied to the scenario that teaches it; the first one this run lacks is the suggestion. */
type Feature = FailureSituation | 'several-rounds' | 'parallel-calls' | 'session-expired' | 'progress' | 'edited';

const SUGGESTIONS: { feature: Feature; scenarioId: string; why: string }[] = [
  { feature: 'validation-refused', scenarioId: 'bad-arguments', why: 'see the server refuse arguments at step 14 and the model try again' },
  { feature: 'unknown-tool', scenarioId: 'unknown-tool', why: 'see a JSON-RPC error where a result was expected' },
  { feature: 'arguments-unreadable', scenarioId: 'malformed-arguments', why: 'see translation #2 fail and no tools/call sent at all' },
  { feature: 'no-tool', scenarioId: 'no-tool', why: 'see which steps a run without a tool never has' },
  { feature: 'several-rounds', scenarioId: 'two-rounds', why: 'see steps 9 to 18 run again, one tool’s answer feeding the next' },
  { feature: 'parallel-calls', scenarioId: 'parallel-calls', why: 'see one model reply ask for two tools at once' },
  { feature: 'tool-failed', scenarioId: 'division-by-zero', why: 'see a tool fail inside a result (isError), not as a protocol error' },
  { feature: 'progress', scenarioId: 'slow-tool', why: 'see the server report progress inside the tools/call stream' },
  { feature: 'session-expired', scenarioId: 'sessions', why: 'see a session id, a 404 and a fresh handshake' },
  { feature: 'header-mismatch', scenarioId: 'header-mismatch', why: 'see a server refuse a request whose header disagrees with its body (2026-07-28, -32020)' },
];

const countById = (steps: readonly Step[], id: string) => steps.filter((step) => step.id === id).length;
/** The model's replies that asked for tools, from a provider or from the model in the tab. */
const countToolCallReplies = (steps: readonly Step[]) => steps.filter((step) => TOOL_CALL_REPLY_STEPS.has(step.id)).length;

function findRoundSituations(steps: readonly Step[], outcomes: readonly RecapOutcome[]): Map<number, FailureSituation> {
  const situations = new Map<number, FailureSituation>();
  steps.forEach((step, index) => {
    const outcome = outcomes[index];
    if (outcome && !situations.has(step.iteration)) situations.set(step.iteration, outcome.situation);
  });
  return situations;
}

function listFeatures(steps: readonly Step[], situations: Map<number, FailureSituation>): Set<Feature> {
  const features = new Set<Feature>(situations.values());
  if (countToolCallReplies(steps) > 1) features.add('several-rounds');
  const callsPerRound = new Map<number, number>();
  for (const step of steps) if (step.id === 'mcp.tools-call.request') callsPerRound.set(step.iteration, (callsPerRound.get(step.iteration) ?? 0) + 1);
  if ([...callsPerRound.values()].some((calls) => calls > 1)) features.add('parallel-calls');
  if (steps.some((step) => step.id === 'mcp.session.expired')) features.add('session-expired');
  if (steps.some((step) => step.id === 'server.progress')) features.add('progress');
  if (steps.some((step) => step.edited)) features.add('edited');
  return features;
}

function describeCanonicalSteps({
  steps,
  status,
  outcomes,
}: {
  steps: readonly Step[];
  status: TraceStatus;
  outcomes: readonly RecapOutcome[];
}): RecapCanonicalStep[] {
  const missing = new Map(findMissingSteps({ steps: [...steps], status }).map((entry) => [entry.canonical, entry.reason]));
  return [...CANONICAL_DEFINITIONS.entries()]
    .sort(([a], [b]) => a - b)
    .map(([canonical, definition]) => {
      const indexes = steps.flatMap((step, index) => (step.canonical === canonical ? [index] : []));
      const rounds = [...new Set(indexes.map((index) => steps[index]!.iteration))];
      const base = { canonical, title: definition.title, phase: definition.phase, rounds };
      if (indexes.length === 0) return { ...base, state: 'missing', note: missing.get(canonical) ?? NOT_THIS_RUN };
      const failedAt = indexes.find((index) => outcomes[index]?.failed);
      if (failedAt !== undefined)
        return { ...base, state: 'failed', note: `Failed in round ${steps[failedAt]!.iteration}: ${SITUATION_WORDS[outcomes[failedAt]!.situation]}.` };
      if (indexes.some((index) => steps[index]!.edited)) return { ...base, state: 'edited', note: 'You edited this message before it left.' };
      return { ...base, state: 'happened' };
    });
}

/** The article's four phases, and the authorization flow's when the run had one (it has no canonical steps). */
function describePhases(steps: readonly Step[], canonicalSteps: readonly RecapCanonicalStep[]): RecapPhase[] {
  return PHASES.map((phase) => {
    const inPhase = canonicalSteps.filter((entry) => entry.phase === phase);
    return {
      phase,
      canonicalReached: inPhase.filter((entry) => entry.state !== 'missing').length,
      canonicalTotal: inPhase.length,
      extraSteps: steps.filter((step) => step.phase === phase && step.canonical === null).length,
    };
  }).filter((entry) => entry.canonicalTotal > 0 || entry.extraSteps > 0);
}

function describeTranslations(steps: readonly Step[], outcomes: readonly RecapOutcome[]): RecapTranslation[] {
  return ([1, 2, 3] as const).map((number) => {
    const indexes = steps.flatMap((step, index) => (step.translation?.number === number ? [index] : []));
    return {
      number,
      times: indexes.length,
      warnings: indexes.reduce((sum, index) => sum + steps[index]!.translation!.warnings.length, 0),
      changes: indexes.reduce((sum, index) => sum + (steps[index]!.translation!.changes?.length ?? 0), 0),
      failed: indexes.some((index) => outcomes[index]?.failed),
    };
  });
}

/** Runs of consecutive numbers written as 9–18, for a sentence. */
function formatRanges(numbers: readonly number[]): string {
  const ranges: string[] = [];
  let start = numbers[0];
  numbers.forEach((value, index) => {
    const next = numbers[index + 1];
    if (next === value + 1) return;
    ranges.push(start === value ? String(value) : `${start}–${value}`);
    start = next;
  });
  return ranges.join(', ');
}

/** Whether a step of the twenty is one the provider does in this topology at all (12 and 16 are its report's). */
const PROVIDER_HOP_UNKNOWN: ProviderHopFacts = { serverSawProgress: false, approvalDenied: false, callsReported: true };

function listDifferences({
  steps,
  status,
  canonicalSteps,
  situations,
}: {
  steps: readonly Step[];
  status: TraceStatus;
  canonicalSteps: readonly RecapCanonicalStep[];
  situations: Map<number, FailureSituation>;
}): string[] {
  const differences: string[] = [];
  const fault = steps.find((step) => step.kind === 'fault');
  if (status !== 'complete') differences.push(`The run did not finish: ${fault?.fault?.what ?? (status === 'aborted' ? 'it was stopped' : 'it stopped')}.`);
  for (const [round, situation] of [...situations.entries()].sort(([a], [b]) => a - b)) differences.push(`Round ${round}: ${SITUATION_WORDS[situation]}.`);
  const rounds = countToolCallReplies(steps);
  if (rounds > 1) differences.push(`The model asked for tools in ${rounds} rounds, so steps 9 to 18 ran ${rounds} times.`);
  const calls = countById(steps, 'mcp.tools-call.request');
  if (calls > rounds && rounds > 0)
    differences.push(`${calls} tools/call requests for ${rounds} model ${rounds === 1 ? 'reply' : 'replies'}: some replies asked for several tools at once.`);
  const allMissing = canonicalSteps.filter((entry) => entry.state === 'missing');
  // Provider-side MCP: most of the twenty moved to the provider, which the timeline says step by step; the recap says it once.
  const moved = steps.some((step) => step.id === 'host.provider-mcp')
    ? allMissing.filter(
        (entry) =>
          describeMovedToProvider(entry.canonical, PROVIDER_HOP_UNKNOWN) !== undefined && entry.note !== undefined && !entry.note.includes('stopped before'),
      )
    : [];
  if (moved.length > 0) {
    const translations = moved.filter((entry) => entry.canonical === 7 || entry.canonical === 11 || entry.canonical === 18).length;
    differences.push(
      `Step${moved.length === 1 ? '' : 's'} ${formatRanges(moved.map((entry) => entry.canonical))} moved to the provider${translations > 0 ? ` (${translations === 3 ? 'the three translations among them' : `${translations} of the translations among them`})` : ''}: its own MCP client and model did them, out of the host’s sight.`,
    );
  }
  const missing = allMissing.filter((entry) => !moved.includes(entry));
  const why = missing[0]?.note;
  if (missing.length > 0)
    differences.push(
      `Step${missing.length === 1 ? '' : 's'} ${formatRanges(missing.map((entry) => entry.canonical))} did not happen${why === undefined || why === NOT_THIS_RUN ? ' in this run.' : `: ${why}`}`,
    );
  const edited = steps.filter((step) => step.edited);
  for (const step of edited)
    differences.push(
      `You edited “${step.title}”${step.canonical === null ? '' : ` (step ${step.canonical})`}: what followed answers your version, not the model’s or the host’s.`,
    );
  const extras = new Map<string, number>();
  // What the server saw of the provider's hop is one list of many messages: said once, with its count.
  const titleOf = (step: Step) =>
    step.id.startsWith('server.seen.') ? 'messages the built-in server saw from the provider’s MCP client (its own record)' : step.title;
  for (const step of steps) if (step.canonical === null && step.kind !== 'fault') extras.set(titleOf(step), (extras.get(titleOf(step)) ?? 0) + 1);
  if (extras.size > 0) {
    const listed = [...extras.entries()].map(([title, count]) => (count > 1 ? `${title} (${count}×)` : title));
    differences.push(`${[...extras.values()].reduce((sum, count) => sum + count, 0)} steps outside the article’s twenty: ${listed.join('; ')}.`);
  }
  return differences;
}

/** The recap of a finished run; null while it is still running or has no steps. */
export function summarizeRun({
  steps,
  status,
  outcomes,
  scenarioId,
}: {
  steps: readonly Step[];
  status: TraceStatus | 'idle';
  outcomes: readonly RecapOutcome[];
  scenarioId: string | null;
}): RunRecap | null {
  if (status === 'running' || status === 'idle' || steps.length === 0) return null;
  const situations = findRoundSituations(steps, outcomes);
  const canonicalSteps = describeCanonicalSteps({ steps, status, outcomes });
  const features = listFeatures(steps, situations);
  const suggestion = SUGGESTIONS.find((entry) => !features.has(entry.feature) && entry.scenarioId !== scenarioId);
  return {
    recorded: steps.length,
    canonicalSteps,
    phases: describePhases(steps, canonicalSteps),
    translations: describeTranslations(steps, outcomes),
    differences: listDifferences({ steps, status, canonicalSteps, situations }),
    next: suggestion ? { scenarioId: suggestion.scenarioId, why: suggestion.why } : null,
  };
}
