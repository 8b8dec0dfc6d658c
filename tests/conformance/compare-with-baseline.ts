import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Reading what the conformance suite wrote, and judging it against our baseline:
 * the scenarios we expect to fail, each with its reason. Any other failure is a bug
 * to fix; a baseline scenario that starts passing makes the baseline stale.
 */

export type CheckStatus = 'SUCCESS' | 'FAILURE' | 'WARNING' | 'INFO' | 'SKIPPED';
export type Check = { id: string; status: CheckStatus; errorMessage?: string; description?: string };
/** `clientOutput`: what the client under test printed (a client scenario's stdout), where there is one. */
export type ScenarioResult = { scenario: string; endpoint: string; checks: Check[]; clientOutput?: string };

export type Baseline = {
  /**
   * `error`, when given, is what a failing check's message must contain: a failure for another reason is not the one the baseline excuses.
   * `clientSays`, for a client scenario, is what the host must have printed: the reason in its own words (a refusal, a fault).
   */
  expectedFailures: { scenario: string; reason: string; error?: string; clientSays?: string }[];
};

export type Verdict = {
  passed: ScenarioResult[];
  expectedFailures: ScenarioResult[];
  /** Failed and not in the baseline: a real problem. */
  unexpectedFailures: ScenarioResult[];
  /** In the baseline but passing now: remove them from the baseline. */
  stale: string[];
  /** In the baseline but never run: the name is wrong or the suite changed. */
  missing: string[];
};

/** The suite saves each scenario in `<output>/server-<scenario>-<ISO timestamp>/checks.json`. */
export async function readScenarioResults(outputDirectory: string, endpoint: string): Promise<ScenarioResult[]> {
  const entries = await readdir(outputDirectory, { withFileTypes: true });
  const results: ScenarioResult[] = [];
  for (const entry of entries) {
    const match = /^server-(.+)-\d{4}-\d{2}-\d{2}T[\d-]+Z$/.exec(entry.name);
    if (!entry.isDirectory() || !match) continue;
    const checks = JSON.parse(await readFile(join(outputDirectory, entry.name, 'checks.json'), 'utf8')) as Check[];
    results.push({ scenario: match[1]!, endpoint, checks });
  }
  return results.sort((first, second) => first.scenario.localeCompare(second.scenario));
}

/** A scenario fails when any of its checks failed; warnings are reported, not counted. */
export function hasFailed(result: ScenarioResult): boolean {
  return result.checks.some((check) => check.status === 'FAILURE');
}

export function compareWithBaseline(results: ScenarioResult[], baseline: Baseline): Verdict {
  const expected = new Set(baseline.expectedFailures.map((entry) => entry.scenario));
  const expectedErrors = new Map(baseline.expectedFailures.map((entry) => [entry.scenario, entry] as const));
  const ran = new Set(results.map((result) => result.scenario));
  const verdict: Verdict = { passed: [], expectedFailures: [], unexpectedFailures: [], stale: [], missing: [] };
  for (const result of results) {
    if (!hasFailed(result)) {
      verdict.passed.push(result);
      if (expected.has(result.scenario)) verdict.stale.push(result.scenario);
    } else if (expected.has(result.scenario) && failsWith(result, expectedErrors.get(result.scenario))) {
      verdict.expectedFailures.push(result);
    } else {
      verdict.unexpectedFailures.push(result);
    }
  }
  verdict.missing = [...expected].filter((scenario) => !ran.has(scenario));
  return verdict;
}

function failsWith(result: ScenarioResult, expected: Baseline['expectedFailures'][number] | undefined): boolean {
  const { error, clientSays } = expected ?? {};
  if (clientSays !== undefined && !(result.clientOutput ?? '').includes(clientSays)) return false;
  if (error === undefined) return true;
  return result.checks.some((check) => check.status === 'FAILURE' && `${check.errorMessage ?? ''} ${check.description ?? ''}`.includes(error));
}

export function isVerdictClean(verdict: Verdict): boolean {
  return verdict.unexpectedFailures.length === 0 && verdict.stale.length === 0 && verdict.missing.length === 0;
}

/** The lines a person reads at the end of a run. */
export function describeVerdict(verdict: Verdict, baselineFile = 'tests/conformance/baseline.json'): string[] {
  const lines = [
    `Conformance: ${verdict.passed.length} passed, ${verdict.expectedFailures.length} failed as the baseline expects, ${verdict.unexpectedFailures.length} failed unexpectedly.`,
  ];
  for (const result of verdict.passed) {
    const warnings = result.checks.filter((check) => check.status === 'WARNING').map((check) => check.id);
    lines.push(`  ✓ ${result.scenario} (${result.endpoint})${warnings.length ? `, warnings: ${warnings.join(', ')}` : ''}`);
  }
  for (const result of verdict.unexpectedFailures) {
    const failures = result.checks.filter((check) => check.status === 'FAILURE');
    lines.push(`  ✗ ${result.scenario} (${result.endpoint}): ${failures.map((check) => `${check.id}: ${check.errorMessage ?? 'failed'}`).join('; ')}`);
  }
  for (const scenario of verdict.stale) lines.push(`  ! ${scenario} passes now: remove it from ${baselineFile}.`);
  for (const scenario of verdict.missing) lines.push(`  ! ${scenario} is in the baseline but did not run: check its name.`);
  return lines;
}
