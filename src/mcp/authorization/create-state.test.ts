import { describe, expect, it } from 'vitest';
import { createState } from './create-state.ts';

describe('state', () => {
  it('makes a fresh state each time, safe in a URL as it is', () => {
    const state = createState();
    expect(state).not.toBe(createState());
    expect(encodeURIComponent(state)).toBe(state);
    expect(state.length).toBeGreaterThanOrEqual(32);
  });
});
