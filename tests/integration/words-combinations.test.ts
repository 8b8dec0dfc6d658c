import { describe, expect, it } from 'vitest';
import { readRunFacts } from '../../src/content/run-facts.ts';
import { summarizeRun } from '../../src/content/run-recap.ts';
import { findEraRefusal, SCENARIOS } from '../../src/content/scenarios.ts';
import { describeStepWords } from '../../src/content/step-words.ts';
import type { Sentence } from '../../src/content/word-claims.ts';
import { WIRE_CATALOG } from '../../src/providers/wire-catalog.ts';
import type { Trace } from '../../src/trace/trace.ts';
import { ERAS } from '../../src/trace/vocabulary.ts';
import { isProviderMcpWire } from '../../src/trace/provider-mcp.ts';
import { findStepOutcomes } from '../../src/ui/step-outcome.ts';
import { DEFAULT_MAX_TOOL_ROUNDS } from '../../src/lifecycle/run-context.ts';
import { checkClaim, findBrokenText, type RunTruth } from '../helpers/check-word-claims.ts';
import { listGateAnswers, listScreens, runAll, runCombination, type Combination } from '../helpers/run-combination.ts';
import { listOldWordClaims } from '../helpers/words-before-issue-38.ts';
import { useServer } from '../helpers/use-server.ts';

/**
 * Every word the explorer says about a run, held to that run's trace: every built-in
 * scenario × both eras × the six wire formats × every answer at its gates (and Next at
 * each), a tool's view with a screen and without, run for real (the engine, the built-in server and the mock model over HTTP).
 * Each sentence comes with the claims it makes; each claim is checked by readers of the
 * raw trace (tests/helpers/check-word-claims.ts), and every text is scanned for breakage.
 */

const server = useServer();

const COMBINATIONS: Combination[] = SCENARIOS.flatMap((scenario) =>
  ERAS.flatMap((era) =>
    // A provider-side lesson runs only where the provider can be the MCP client.
    WIRE_CATALOG.filter((wire) => scenario.topology !== 'provider' || isProviderMcpWire(wire.id)).flatMap((wire) =>
      listGateAnswers(scenario).flatMap((answers) =>
        listScreens(scenario).map((screen) => ({
          scenario,
          era,
          wire: wire.id,
          answers,
          screen,
          label: `${scenario.id} ${era} ${wire.id} ${JSON.stringify(answers)}${screen ? ' with a screen' : ''}`,
        })),
      ),
    ),
  ),
);

type Checked = { combination: Combination; trace: Trace | null; problems: string[] };

function truthOf(combination: Combination): RunTruth {
  return {
    ...(combination.answers.pageOpened === undefined ? { pageOpened: false } : { pageOpened: combination.answers.pageOpened }),
    maxToolRounds: combination.scenario.maxToolRounds ?? DEFAULT_MAX_TOOL_ROUNDS,
  };
}

/** Every sentence the page would show for the run: each step's words, and the recap's. */
function collectSentences(trace: Trace): { where: string; sentence: Sentence }[] {
  const facts = readRunFacts({ steps: trace.steps, status: trace.status, answer: trace.answer, protocolVersion: trace.mcp.protocolVersion });
  const sentences = trace.steps.flatMap((step, index) => {
    const words = describeStepWords(facts, index);
    if (!words) return [];
    const where = `#${step.n} ${step.id}`;
    return [
      { where: `${where} title`, sentence: words.title },
      ...(words.summary ? [{ where: `${where} summary`, sentence: words.summary }] : []),
      { where: `${where} phase`, sentence: words.phaseHeading },
      { where: `${where} number`, sentence: words.number },
    ];
  });
  const recap = summarizeRun({ steps: trace.steps, status: trace.status, outcomes: findStepOutcomes(trace.steps), scenarioId: null });
  const recapLines = (recap?.differences ?? []).map((text) => ({ where: 'recap', sentence: { text, claims: [] } }));
  return [...sentences, ...recapLines];
}

function checkSentences(trace: Trace, sentences: { where: string; sentence: Sentence }[], truth: RunTruth): string[] {
  return sentences.flatMap(({ where, sentence }) => {
    const broken = findBrokenText(sentence.text);
    const contradicted = sentence.claims.flatMap((claim) => {
      const why = checkClaim(trace, claim, truth);
      return why === null ? [] : [`${where}: "${sentence.text}" claims ${JSON.stringify(claim)}, but ${why}`];
    });
    return [...(broken ? [`${where}: "${sentence.text}" is broken: ${broken}`] : []), ...contradicted];
  });
}

async function checkCombination(combination: Combination): Promise<Checked> {
  if (findEraRefusal(combination.scenario, combination.era)) return { combination, trace: null, problems: [] };
  const trace = await runCombination({ serverUrl: server.url, combination });
  return { combination, trace, problems: checkSentences(trace, collectSentences(trace), truthOf(combination)) };
}

describe('every word against the trace of its run', () => {
  let checked: Checked[] = [];

  it('holds on every scenario, era, wire format and gate answer', { timeout: 600_000 }, async () => {
    const startedAt = Date.now();
    checked = await runAll(COMBINATIONS, 6, checkCombination);
    const ran = checked.filter((entry) => entry.trace !== null).length;
    console.info(
      `words-combinations: ${COMBINATIONS.length} combinations (${ran} runs, ${COMBINATIONS.length - ran} refused by their era) in ${((Date.now() - startedAt) / 1000).toFixed(1)} s`,
    );
    expect(checked.flatMap((entry) => entry.problems.map((problem) => `${entry.combination.label}: ${problem}`))).toEqual([]);
    // With a screen, the view's own messages were steps, and their words were held to the trace too.
    const withScreen = checked.filter((entry) => entry.combination.screen && entry.trace);
    expect(withScreen.length).toBeGreaterThan(0);
    expect(
      withScreen.filter((entry) => !entry.trace?.steps.some((step) => step.id === 'app.tool-result.notification')).map((entry) => entry.combination.label),
    ).toEqual([]);
    // The host's look at its tool list before a later round (2026-07-28) was said both ways, still fresh and past its ttlMs, and held to the trace.
    const lookedAt = (id: string) => checked.filter((entry) => entry.trace?.steps.some((step) => step.id === id)).length;
    expect(lookedAt('host.tools-list-fresh')).toBeGreaterThan(0);
    expect(lookedAt('host.tools-list-stale')).toBeGreaterThan(0);
  });

  it('refuses, in the era that cannot run it, each scenario whose lesson needs the other era', () => {
    const refused = SCENARIOS.flatMap((scenario) => ERAS.filter((era) => findEraRefusal(scenario, era)).map((era) => `${scenario.id} ${era}`));
    expect(refused).toEqual(['sessions 2026-07-28', 'resume 2026-07-28', 'header-mismatch 2025-11-25', 'stale-list 2025-11-25']);
  });

  it('finds the contradictions of the words before issue 38 on the same runs', () => {
    const runs = checked.filter((entry): entry is Checked & { trace: Trace } => entry.trace !== null);
    expect(runs.length).toBeGreaterThan(0);
    const found = runs.flatMap(({ combination, trace }) =>
      checkSentences(trace, listOldWordClaims(trace), truthOf(combination)).map(
        (problem) => `${combination.scenario.id} ${combination.era}: ${problem.split(':')[0]!.replace(/^#\d+ /, '')}`,
      ),
    );
    const counted = new Map<string, number>();
    for (const problem of found) counted.set(problem, (counted.get(problem) ?? 0) + 1);
    console.info(`words before issue 38, contradicted by their runs:\n${[...counted].map(([problem, count]) => `  ${count} × ${problem}`).join('\n')}`);
    const kinds = new Set(found.map((problem) => problem.split(': ')[1]!));
    expect([...kinds].sort()).toEqual(
      expect.arrayContaining([
        'mcp.stream.open summary',
        'provider.response.answer summary',
        'server.execute summary',
        'host.answer summary',
        'host.fault summary',
        'user.consent title',
        'mcp.session.expired summary',
      ]),
    );
  });
});
