import { describe, expect, it } from 'vitest';
import { approveSandboxConsent } from '../../server/cli/approve-sandbox-consent.ts';
import { findScenario } from '../../src/content/scenarios.ts';
import { createLifecycleRun } from '../../src/lifecycle/engine.ts';
import type { Trace } from '../../src/trace/trace.ts';
import type { EraChoice } from '../../src/trace/vocabulary.ts';
import { MOCK_BASE_PATH } from '../helpers/create-mock-run.ts';
import { useServer } from '../helpers/use-server.ts';

/**
 * The deprecated mark follows the era the server agreed to: in Auto the authorization flow
 * (with its dynamic client registration) runs on the first request's 401, before any
 * version is agreed. Against the real sandbox, an Auto run that ends up speaking 2026-07-28
 * marks that registration as a pinned 2026-07-28 run does; a pinned 2025-11-25 run does not.
 */

const app = useServer();
const scenario = findScenario('authorization')!;

function runScenario(era: EraChoice): Promise<Trace> {
  return createLifecycleRun({
    question: scenario.question,
    era,
    mcpUrl: `${app.url}${scenario.mcpPath}`,
    provider: { wire: 'openai-chat', kind: 'mock', baseUrl: `${app.url}${MOCK_BASE_PATH}`, model: scenario.mockModel },
    autoRelease: true,
    networkTimeoutMs: 10_000,
    authorization: { redirectUri: 'http://127.0.0.1:9/callback', obtainConsent: approveSandboxConsent, showSecrets: true },
  }).start();
}

const registrationOf = (trace: Trace) => trace.steps.find((step) => step.id === 'auth.client-registration');

describe('the deprecated mark of a step written before the version is agreed', () => {
  it('Auto: the registration is marked once the server agrees to 2026-07-28, as in a pinned 2026-07-28 run', async () => {
    const [auto, pinned] = await Promise.all([runScenario('auto'), runScenario('2026-07-28')]);
    expect(auto.status).toBe('complete');
    expect(auto.mcp.protocolVersion).toBe('2026-07-28');
    // Written before the handshake: the agreed version was not known yet when the step was appended.
    const registration = registrationOf(auto)!;
    expect(auto.steps.indexOf(registration)).toBeLessThan(auto.steps.findIndex((step) => step.id === 'auth.retry'));
    expect(registration.deprecated).toMatchObject({ feature: 'dynamic-client-registration', era: '2026-07-28' });
    expect(registration.deprecated).toEqual(registrationOf(pinned)!.deprecated);
  });

  it('2025-11-25: the same registration carries no mark', async () => {
    const trace = await runScenario('2025-11-25');
    expect(trace.mcp.protocolVersion).toBe('2025-11-25');
    expect(registrationOf(trace)).toBeDefined();
    expect(registrationOf(trace)!.deprecated).toBeUndefined();
  });
});
