import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareWithBaseline, describeVerdict, isVerdictClean, readScenarioResults, type Baseline, type ScenarioResult } from './compare-with-baseline.ts';
import baseline from './baseline.json';
import baselineNext from './baseline-next.json';
import baselineClient from './baseline-client.json';
import baselineClientNext from './baseline-client-next.json';

const pass = (scenario: string): ScenarioResult => ({ scenario, endpoint: '/mcp/toolbox', checks: [{ id: scenario, status: 'SUCCESS' }] });
const fail = (scenario: string): ScenarioResult => ({
  scenario,
  endpoint: '/mcp/toolbox',
  checks: [{ id: scenario, status: 'FAILURE', errorMessage: 'Tool not found' }],
});
const expectOnly = (...scenarios: string[]) => ({ expectedFailures: scenarios.map((scenario) => ({ scenario, reason: 'fixture' })) });

describe('compareWithBaseline', () => {
  it('is clean when every failure is in the baseline and every baseline entry failed', () => {
    const verdict = compareWithBaseline([pass('ping'), fail('prompts-list')], expectOnly('prompts-list'));
    expect(isVerdictClean(verdict)).toBe(true);
    expect(describeVerdict(verdict)[0]).toBe('Conformance: 1 passed, 1 failed as the baseline expects, 0 failed unexpectedly.');
  });

  it('flags a failure the baseline does not list', () => {
    const verdict = compareWithBaseline([fail('ping')], expectOnly());
    expect(verdict.unexpectedFailures.map((result) => result.scenario)).toEqual(['ping']);
    expect(isVerdictClean(verdict)).toBe(false);
    expect(describeVerdict(verdict).join('\n')).toContain('✗ ping (/mcp/toolbox): ping: Tool not found');
  });

  it('flags a baseline entry that passes now, and one that never ran', () => {
    const verdict = compareWithBaseline([pass('ping')], expectOnly('ping', 'no-such-scenario'));
    expect(verdict.stale).toEqual(['ping']);
    expect(verdict.missing).toEqual(['no-such-scenario']);
    expect(isVerdictClean(verdict)).toBe(false);
  });

  it('flags a baseline entry that fails for another reason than the error it names', () => {
    const named = { expectedFailures: [{ scenario: 'prompts-get-simple', reason: 'fixture', error: 'Prompt test_simple_prompt not found' }] };
    const found: ScenarioResult = {
      scenario: 'prompts-get-simple',
      endpoint: '/mcp/toolbox',
      checks: [{ id: 'get', status: 'FAILURE', errorMessage: 'MCP error -32602: Prompt test_simple_prompt not found.' }],
    };
    const other: ScenarioResult = {
      scenario: 'prompts-get-simple',
      endpoint: '/mcp/toolbox',
      checks: [{ id: 'get', status: 'FAILURE', errorMessage: 'MCP error -32601: Method not found' }],
    };
    expect(isVerdictClean(compareWithBaseline([found], named))).toBe(true);
    const verdict = compareWithBaseline([other], named);
    expect(verdict.unexpectedFailures.map((result) => result.scenario)).toEqual(['prompts-get-simple']);
    expect(isVerdictClean(verdict)).toBe(false);
  });

  it('holds a client scenario to what the host printed, when the baseline names it', () => {
    const entry = { expectedFailures: [{ scenario: 'auth/metadata-var2', reason: 'the suite publishes another issuer', clientSays: 'RFC 8414 §3.3' }] };
    const refused: ScenarioResult = {
      ...fail('auth/metadata-var2'),
      clientOutput: 'why: RFC 8414 §3.3: the issuer in the metadata must be exactly the one the client looked up',
    };
    const crashed: ScenarioResult = { ...fail('auth/metadata-var2'), clientOutput: 'TypeError: cannot read properties of undefined' };
    expect(isVerdictClean(compareWithBaseline([refused], entry))).toBe(true);
    expect(compareWithBaseline([crashed], entry).unexpectedFailures.map((result) => result.scenario)).toEqual(['auth/metadata-var2']);
  });

  it('counts a warning as passing', () => {
    const warned: ScenarioResult = { scenario: 'server-sse-multiple-streams', endpoint: '/mcp/sessions', checks: [{ id: 'session', status: 'WARNING' }] };
    expect(compareWithBaseline([warned], expectOnly()).passed).toEqual([warned]);
  });
});

describe('the baseline files', () => {
  it.each([
    ['baseline.json', baseline],
    ['baseline-next.json', baselineNext],
    ['baseline-client.json', baselineClient],
    ['baseline-client-next.json', baselineClientNext],
  ])('%s gives every expected failure a reason, once', (_name, file) => {
    const scenarios = file.expectedFailures.map((entry) => entry.scenario);
    expect(new Set(scenarios).size).toBe(scenarios.length);
    expect(file.expectedFailures.every((entry) => entry.reason.length > 20)).toBe(true);
  });

  it('baseline.json names the error each /mcp/toolbox failure must show, so a stale reason cannot stand', () => {
    const entries: Baseline['expectedFailures'] = baseline.expectedFailures;
    expect(entries.filter((entry) => entry.error === undefined).map((entry) => entry.scenario)).toEqual([]);
  });
});

describe('readScenarioResults', () => {
  it('reads server-<scenario>-<timestamp>/checks.json and ignores anything else', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'conformance-test-'));
    try {
      await mkdir(join(directory, 'server-tools-call-image-2026-11-30T12-40-37-176Z'));
      await writeFile(
        join(directory, 'server-tools-call-image-2026-11-30T12-40-37-176Z', 'checks.json'),
        JSON.stringify([{ id: 'tools-call-image', status: 'FAILURE' }]),
      );
      await mkdir(join(directory, 'unrelated'));
      expect(await readScenarioResults(directory, '/mcp/toolbox')).toEqual([
        { scenario: 'tools-call-image', endpoint: '/mcp/toolbox', checks: [{ id: 'tools-call-image', status: 'FAILURE' }] },
      ]);
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });
});
