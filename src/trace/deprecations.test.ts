import { describe, expect, it } from 'vitest';
import { findDeprecation } from './deprecations.ts';

describe('findDeprecation', () => {
  it('marks sampling and dynamic registration in 2026-07-28 only', () => {
    expect(findDeprecation({ era: '2026-07-28', stepId: 'host.sampling.review', payload: {} })).toMatchObject({ feature: 'sampling', era: '2026-07-28' });
    expect(findDeprecation({ era: '2026-07-28', stepId: 'auth.client-registration', payload: {} })?.feature).toBe('dynamic-client-registration');
    expect(findDeprecation({ era: '2025-11-25', stepId: 'host.sampling.review', payload: {} })).toBeUndefined();
    expect(findDeprecation({ era: null, stepId: 'auth.client-registration', payload: {} })).toBeUndefined();
  });

  it('finds a deprecated method inside an input_required result, and nothing in a plain call', () => {
    const inputRequired = {
      jsonrpc: '2.0',
      id: 1,
      result: { resultType: 'input_required', inputRequests: { phrasing: { method: 'sampling/createMessage', params: {} } } },
    };
    expect(findDeprecation({ era: '2026-07-28', stepId: 'mcp.input-required', payload: inputRequired })?.feature).toBe('sampling');
    expect(
      findDeprecation({ era: '2026-07-28', stepId: 'mcp.input-required', payload: { result: { inputRequests: { root: { method: 'roots/list' } } } } })?.feature,
    ).toBe('roots');
    expect(
      findDeprecation({ era: '2026-07-28', stepId: 'mcp.tools-call.request', payload: { method: 'tools/call', params: { name: 'add_numbers' } } }),
    ).toBeUndefined();
    expect(
      findDeprecation({ era: '2026-07-28', stepId: 'mcp.input-required', payload: { result: { inputRequests: { ask: { method: 'elicitation/create' } } } } }),
    ).toBeUndefined();
  });
});
