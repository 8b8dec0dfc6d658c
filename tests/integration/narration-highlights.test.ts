import { generateKeyPairSync } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { approveSandboxConsent } from '../../server/cli/approve-sandbox-consent.ts';
import { resolveJsonPath } from '../../src/content/json-paths.ts';
import { findFocus, listFocusEntries } from '../../src/content/narration.ts';
import { findScenario } from '../../src/content/scenarios.ts';
import { createLifecycleRun } from '../../src/lifecycle/engine.ts';
import { parseTraceFile } from '../../src/lifecycle/import-trace.ts';
import type { AuthorizationSettings } from '../../src/lifecycle/run-context.ts';
import { requireWireInfo, WIRE_CATALOG } from '../../src/providers/wire-catalog.ts';
import { CLIENT_METADATA_PATH, type SandboxFault } from '../../src/trace/authorization-sandbox.ts';
import type { Trace } from '../../src/trace/trace.ts';
import { ERAS, type Era } from '../../src/trace/vocabulary.ts';
import { startHostileAuthorizationServer, writeBeaconScript } from '../helpers/start-hostile-authorization-server.ts';
import { startOidcProtectedServer, type MachineClient } from '../helpers/start-oidc-protected-server.ts';
import { useServer } from '../helpers/use-server.ts';

/**
 * The narration's highlights against real payloads: every wire format in both eras, with
 * the mock model and the built-in server over HTTP. The inspector marks the lines whose
 * path equals a highlight's path, so a path that reaches nothing in the payload is a
 * highlight the learner never sees; resolveJsonPath spells paths as the inspector does.
 * The walkthrough shows every step; a failing tool adds the fields only a failure carries,
 * a reply cut off by the token limit the fields of a run that ends without an answer, and
 * a reply that breaks off (the interrupted habit) what had arrived.
 * The authorization scenario's runs (the client's identity by its metadata document, or
 * registered; step-up; a refresh) carry the highlights of the flow's steps; a machine
 * client's (client_credentials, with a secret and with a signed assertion, against
 * oidc-provider) and the enterprise grant's (SEP-990, the trace the conformance suite's
 * cross-app-access scenario made of the CLI, kept beside its runner) those of theirs.
 */

const SCENARIO_IDS = ['happy-path', 'division-by-zero', 'cut-off', 'interrupted'] as const;
const OUTCOMES: Record<(typeof SCENARIO_IDS)[number], string> = {
  'happy-path': 'complete',
  'division-by-zero': 'complete',
  'cut-off': 'truncated',
  interrupted: 'interrupted',
};

type Run = { wire: string; era: Era; scenarioId: string; trace: Trace };

const server = useServer();
const runs: Run[] = [];

function runScenario({ wire, era, scenarioId, cancelTask = false }: Omit<Run, 'trace'> & { cancelTask?: boolean }): Promise<Trace> {
  const scenario = findScenario(scenarioId);
  if (!scenario) throw new Error(`No scenario ${scenarioId}.`);
  return createLifecycleRun({
    question: scenario.question,
    era,
    mcpUrl: `${server.url}${scenario.mcpPath}`,
    provider: { wire, kind: 'mock', baseUrl: `${server.url}${requireWireInfo(wire).mockBasePath}`, model: scenario.mockModel },
    autoRelease: true,
    networkTimeoutMs: 10_000,
    ...(cancelTask ? { tasks: { cancelAfterFirstStatus: true } } : {}),
  }).start();
}

/** The task's statuses (completed, failed, cancelled) and 2026-07-28's subscription, each in one wire format: their steps' highlights do not depend on it. */
const LIFECYCLE_RUNS = [
  { scenarioId: 'task', label: 'task' },
  { scenarioId: 'task-fails', label: 'task-fails' },
  { scenarioId: 'task', label: 'task cancelled', cancelTask: true },
  { scenarioId: 'tools-changed', label: 'tools-changed' },
] as const;

/** The sandbox's flow with the CLI's approval: by the explorer's metadata document, or registered when none is offered to the host. */
function runAuthorization({ era, fault, byDocument }: { era: Era; fault?: SandboxFault; byDocument: boolean }): Promise<Trace> {
  const scenario = findScenario('authorization')!;
  return createLifecycleRun({
    question: scenario.question,
    era,
    mcpUrl: `${server.url}${scenario.mcpPath}${fault ? `?fault=${fault}` : ''}`,
    provider: { wire: 'openai-chat', kind: 'mock', baseUrl: `${server.url}${requireWireInfo('openai-chat').mockBasePath}`, model: scenario.mockModel },
    autoRelease: true,
    networkTimeoutMs: 10_000,
    authorization: {
      redirectUri: 'http://127.0.0.1:9/callback',
      obtainConsent: approveSandboxConsent,
      showSecrets: true,
      ...(byDocument ? { clientMetadataUrl: `${server.url}${CLIENT_METADATA_PATH}` } : {}),
    },
  }).start();
}

const REFUSED_ADDRESS = 'a javascript: authorization endpoint';

/** A hostile authorization server's javascript: endpoint, refused by the URL gate: the refusal step's highlights. */
async function runAgainstHostileServer(): Promise<Trace> {
  const hostile = await startHostileAuthorizationServer({ place: 'authorization_endpoint', value: writeBeaconScript });
  try {
    return await createLifecycleRun({
      question: 'What is 5 plus 7?',
      era: '2025-11-25',
      mcpUrl: hostile.mcpUrl,
      provider: {
        wire: 'openai-chat',
        kind: 'mock',
        baseUrl: `${server.url}${requireWireInfo('openai-chat').mockBasePath}`,
        model: 'mock-model-deterministic',
      },
      autoRelease: true,
      networkTimeoutMs: 10_000,
      authorization: { redirectUri: 'http://127.0.0.1:9/callback', obtainConsent: () => Promise.reject(new Error('no consent page for a refused address')) },
    }).start();
  } finally {
    await hostile.close();
  }
}

/** A machine client against oidc-provider, registered with a secret or a public key. */
async function runMachineClient(method: 'secret' | 'key'): Promise<Trace> {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const registered: MachineClient =
    method === 'secret'
      ? { clientId: 'nightly-report', clientSecret: 'machine-secret-5e1d' }
      : { clientId: 'build-agent', publicJwk: { ...publicKey.export({ format: 'jwk' }), alg: 'ES256', use: 'sig' } };
  const machineClient: NonNullable<AuthorizationSettings['machineClient']> =
    method === 'secret'
      ? { clientId: 'nightly-report', clientSecret: 'machine-secret-5e1d' }
      : { clientId: 'build-agent', privateKey: { pem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), algorithm: 'ES256' } };
  const protectedServer = await startOidcProtectedServer({ machineClient: registered });
  try {
    return await createLifecycleRun({
      question: 'What is 5 plus 7?',
      era: '2025-11-25',
      mcpUrl: protectedServer.mcpUrl,
      provider: {
        wire: 'openai-chat',
        kind: 'mock',
        baseUrl: `${server.url}${requireWireInfo('openai-chat').mockBasePath}`,
        model: 'mock-model-deterministic',
      },
      autoRelease: true,
      networkTimeoutMs: 10_000,
      authorization: {
        redirectUri: 'http://127.0.0.1:9/callback',
        obtainConsent: () => Promise.reject(new Error('a machine client has no person to consent')),
        machineClient,
      },
    }).start();
  } finally {
    await protectedServer.close();
  }
}

/** The enterprise grant's run, as the conformance suite's own identity provider and authorization server answered it. */
async function readCrossAppAccessTrace(): Promise<Trace> {
  const text = await readFile(new URL('../conformance/client/traces/cross-app-access-complete-flow.json', import.meta.url), 'utf8');
  const parsed = parseTraceFile({ text });
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.trace;
}

const GRANT_RUNS = ['client_credentials with a secret', 'client_credentials with a signed assertion', 'the enterprise grant (recorded)'] as const;

const AUTHORIZATION_RUNS = [
  { scenarioId: 'authorization', byDocument: true },
  { scenarioId: 'authorization missing-scope', fault: 'missing-scope', byDocument: false },
  { scenarioId: 'authorization expired-token', fault: 'expired-token', byDocument: true },
] as const;

beforeAll(async () => {
  for (const wire of WIRE_CATALOG) {
    for (const era of ERAS) {
      for (const scenarioId of SCENARIO_IDS) runs.push({ wire: wire.id, era, scenarioId, trace: await runScenario({ wire: wire.id, era, scenarioId }) });
    }
  }
  for (const era of ERAS) {
    for (const { scenarioId, byDocument, ...rest } of AUTHORIZATION_RUNS)
      runs.push({
        wire: 'openai-chat',
        era,
        scenarioId,
        trace: await runAuthorization({ era, byDocument, ...('fault' in rest ? { fault: rest.fault } : {}) }),
      });
  }
  runs.push({ wire: 'openai-chat', era: '2025-11-25', scenarioId: REFUSED_ADDRESS, trace: await runAgainstHostileServer() });
  runs.push({ wire: 'openai-chat', era: '2025-11-25', scenarioId: GRANT_RUNS[0], trace: await runMachineClient('secret') });
  runs.push({ wire: 'openai-chat', era: '2025-11-25', scenarioId: GRANT_RUNS[1], trace: await runMachineClient('key') });
  runs.push({ wire: 'openai-chat', era: '2025-11-25', scenarioId: GRANT_RUNS[2], trace: await readCrossAppAccessTrace() });
  for (const era of ERAS) {
    for (const { scenarioId, label, ...rest } of LIFECYCLE_RUNS) {
      runs.push({
        wire: 'openai-chat',
        era,
        scenarioId: label,
        trace: await runScenario({ wire: 'openai-chat', era, scenarioId, ...('cancelTask' in rest ? { cancelTask: rest.cancelTask } : {}) }),
      });
    }
  }
}, 180_000);

describe('the highlights of a refused address', () => {
  it('all reach a value in the payload of its step', () => {
    const run = runs.find((entry) => entry.scenarioId === REFUSED_ADDRESS)!;
    expect(run.trace.steps.some((step) => step.id === 'host.url-refused')).toBe(true);
    expect(listUnresolved(run, { includeOptional: false })).toEqual([]);
  });
});

describe('the highlights of the grants without a person', () => {
  it.each(GRANT_RUNS)('all reach a value in the payload of their step (%s)', (scenarioId) => {
    const run = runs.find((entry) => entry.scenarioId === scenarioId)!;
    expect(run.trace.status).toBe('complete');
    expect(run.trace.steps.some((step) => ['auth.client-credentials', 'auth.token-exchange', 'auth.jwt-bearer'].includes(step.id))).toBe(true);
    expect(listUnresolved(run, { includeOptional: false })).toEqual([]);
  });
});

describe.each(ERAS)('the highlights of the authorization flow, era %s', (era) => {
  it.each(AUTHORIZATION_RUNS.map((entry) => entry.scenarioId))('all reach a value in the payload of their step (%s)', (scenarioId) => {
    const run = runs.find((entry) => entry.era === era && entry.scenarioId === scenarioId)!;
    expect(run.trace.status).toBe('complete');
    expect(run.trace.steps.some((step) => step.id.startsWith('auth.') && findFocus({ stepId: step.id, wire: run.wire }).length > 0)).toBe(true);
    expect(listUnresolved(run, { includeOptional: false })).toEqual([]);
  });
});

/** Each highlight of each step that reaches nothing in the step's payload, in words. */
function listUnresolved(run: Run, { includeOptional }: { includeOptional: boolean }): string[] {
  return run.trace.steps.flatMap((step) =>
    findFocus({ stepId: step.id, wire: run.wire })
      .filter((focus) => (includeOptional || !focus.optional) && !resolveJsonPath({ value: step.payload, path: focus.path }).found)
      .map((focus) => `step ${step.n} ${step.id}: ${focus.path} in ${JSON.stringify(step.payload).slice(0, 300)}`),
  );
}

describe.each(WIRE_CATALOG.map((wire) => wire.id))('the highlights of a %s run', (wire) => {
  describe.each(ERAS)('in the %s era', (era) => {
    it.each(SCENARIO_IDS)('all reach a value in the payload of their step (%s)', (scenarioId) => {
      const run = runs.find((entry) => entry.wire === wire && entry.era === era && entry.scenarioId === scenarioId)!;
      expect(run.trace.status).toBe(OUTCOMES[scenarioId]);
      expect(listUnresolved(run, { includeOptional: false })).toEqual([]);
    });
  });
});

describe('the runs above', () => {
  it('reach every highlight the narration defines, the optional ones included, at least once', () => {
    const reached = (stepId: string, wire: string | null, path: string) =>
      runs.some(
        (run) =>
          (wire === null || run.wire === wire) && run.trace.steps.some((step) => step.id === stepId && resolveJsonPath({ value: step.payload, path }).found),
      );
    const neverReached = listFocusEntries()
      .filter((entry) => !reached(entry.stepId, entry.wire, entry.focus.path))
      .map((entry) => `${entry.wire ?? 'every wire'} ${entry.stepId}: ${entry.focus.path}`);
    expect(neverReached).toEqual([]);
  });

  it('include a failed tool call, whose isError the optional highlight points at', () => {
    const failed = runs.filter((run) => run.scenarioId === 'division-by-zero');
    expect(failed).toHaveLength(WIRE_CATALOG.length * ERAS.length);
    for (const run of failed) {
      const response = run.trace.steps.find((step) => step.id === 'mcp.tools-call.response');
      expect(resolveJsonPath({ value: response?.payload, path: 'result.isError' })).toEqual({ found: true, value: true });
    }
  });
});
