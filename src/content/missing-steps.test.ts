import { describe, expect, it } from 'vitest';
import { findMissingSteps } from './missing-steps.ts';
import type { Step } from '../trace/trace.ts';

function step(n: number, id: string, canonical: number | null): Step {
  return { n, id, canonical, iteration: 1, phase: 'discovery', from: 'host', to: 'host', kind: 'internal', title: id, payload: null, at: 0 };
}

const upToAnswer = [
  step(1, 'user.question', 1),
  step(2, 'host.start-discovery', 2),
  ...Array.from({ length: 6 }, (_, index) => step(3 + index, `x${index}`, 3 + index)),
];

describe('findMissingSteps', () => {
  it('says nothing while the run is still going', () => {
    expect(findMissingSteps({ steps: upToAnswer, status: 'running' })).toEqual([]);
  });

  it('explains steps 9 to 18 when the model answered without a tool', () => {
    const steps = [...upToAnswer, step(9, 'provider.response.answer', 19), step(10, 'host.answer', 20)];
    const missing = findMissingSteps({ steps, status: 'complete' });
    expect(missing.map((entry) => entry.canonical)).toEqual([9, 10, 11, 12, 13, 14, 15, 16, 17, 18]);
    expect(missing[0]?.reason).toContain('answered without calling a tool');
    expect(missing[0]?.title).toBe('Model picks a tool and writes its arguments');
    expect(missing.every((entry) => entry.afterIndex === 7)).toBe(true);
  });

  it('does not say the model called no tool when its reply broke off, perhaps mid-call', () => {
    const steps = [...upToAnswer, step(9, 'provider.response.stopped', 19), step(10, 'host.stopped', 20)];
    const missing = findMissingSteps({ steps, status: 'interrupted' });
    expect(missing.map((entry) => entry.canonical)).toEqual([9, 10, 11, 12, 13, 14, 15, 16, 17, 18]);
    expect(missing.every((entry) => entry.reason.startsWith('The reply broke off before it was complete'))).toBe(true);
  });

  it('says the run stopped for everything after a fault', () => {
    const steps = [step(1, 'user.question', 1), step(2, 'host.fault', null)];
    const missing = findMissingSteps({ steps, status: 'failed' });
    expect(missing).toHaveLength(19);
    expect(missing.every((entry) => entry.reason.startsWith('The run stopped before this step'))).toBe(true);
    expect(findMissingSteps({ steps, status: 'aborted' })[0]?.reason).toBe('The run was stopped before this step.');
  });

  it('finds nothing missing in a complete lifecycle', () => {
    const steps = Array.from({ length: 20 }, (_, index) => step(index + 1, `s${index}`, index + 1));
    expect(findMissingSteps({ steps, status: 'complete' })).toEqual([]);
  });
});
