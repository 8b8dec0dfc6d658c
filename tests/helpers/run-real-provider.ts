import { expect } from 'vitest';
import type { ProviderSettings } from '../../src/lifecycle/provider-call.ts';
import type { Trace } from '../../src/trace/trace.ts';
import { findCanonicalStep, runLifecycle } from './create-mock-run.ts';

/**
 * The run each fidelity test makes against its provider's real API when the key is set:
 * the question completes without a fault, the answer says 12, and step 11 translates the
 * model's call into add_numbers(5, 7). Resolves with the trace, for the wire's own checks.
 */
export async function runRealProviderLifecycle({
  serverUrl,
  provider,
  networkTimeoutMs = 60_000,
}: {
  serverUrl: string;
  provider: ProviderSettings;
  networkTimeoutMs?: number;
}): Promise<Trace> {
  const trace = await runLifecycle({ serverUrl, provider, networkTimeoutMs });
  expect(trace.steps.find((candidate) => candidate.fault)?.fault).toBeUndefined();
  expect(trace.status).toBe('complete');
  expect(trace.answer).toContain('12');
  expect(findCanonicalStep(trace, 11).translation!.output).toMatchObject({ name: 'add_numbers', arguments: { a: 5, b: 7 } });
  return trace;
}
