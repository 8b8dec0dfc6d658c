import { describe, expect, it } from 'vitest';
import type { Step } from '../trace/trace.ts';
import { findMissingSteps } from './missing-steps.ts';

function step(n: number, id: string, canonical: number | null, payload: unknown = {}): Step {
  return { n, id, canonical, iteration: 1, phase: 'discovery', from: 'host', to: 'host', kind: 'internal', title: id, payload, at: n };
}

const provided = [
  step(1, 'user.question', 1),
  step(2, 'host.provider-mcp', null),
  step(3, 'provider.request', 8),
  step(4, 'provider.reported.tools-list.request', 3),
  step(5, 'provider.reported.tools-list.response', 5),
];

describe('findMissingSteps in a provider-side run', () => {
  it('names the steps that moved to the provider, the three translations among them', () => {
    const steps = [
      ...provided,
      step(6, 'provider.reported.tools-call.request', 12),
      step(7, 'provider.reported.tools-call.response', 16),
      step(8, 'provider.response.answer', 19),
      step(9, 'host.answer', 20),
    ];
    const missing = findMissingSteps({ steps, status: 'complete' });
    expect(missing.map((entry) => entry.canonical)).toEqual([2, 4, 6, 7, 9, 10, 11, 13, 14, 15, 17, 18]);
    expect(missing.filter((entry) => /^Translation #[123] moved to the provider/.test(entry.reason)).map((entry) => entry.canonical)).toEqual([7, 11, 18]);
    expect(missing.find((entry) => entry.canonical === 13)?.reason).toContain('if it made one');
  });

  it('says a call denied at the approval gate was never sent, and that the server’s record shows its reports when it does', () => {
    const steps = [
      ...provided,
      step(6, 'user.mcp-approval', null, { decision: 'deny' }),
      step(7, 'server.seen.notification', null),
      step(8, 'provider.response.answer', 19),
      step(9, 'host.answer', 20),
    ];
    const missing = findMissingSteps({ steps, status: 'declined' });
    expect(missing.find((entry) => entry.canonical === 12)?.reason).toContain('denied at the approval gate');
    expect(missing.find((entry) => entry.canonical === 4)?.reason).toContain('seen by the server');
  });

  it('keeps “stopped before” for the steps a failed run never reached', () => {
    const missing = findMissingSteps({ steps: provided.slice(0, 3), status: 'failed' });
    expect(missing.find((entry) => entry.canonical === 12)?.reason).toContain('stopped before');
  });
});
