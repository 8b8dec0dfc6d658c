import { describe, expect, it } from 'vitest';
import { findMockRoute } from '../../server/mock-model/mock-routes.ts';
import { MOCK_MODEL_NAME } from '../trace/mock-models.ts';
import { getWireAdapter, WIRE_IDS } from './wire-adapters.ts';
import { WIRE_CATALOG } from './wire-catalog.ts';

describe('every wire format the settings offer', () => {
  it('has an adapter, and the adapters are exactly the catalog', () => {
    expect([...WIRE_IDS].sort()).toEqual(WIRE_CATALOG.map((wire) => wire.id).sort());
  });

  it.each(WIRE_CATALOG.map((wire) => [wire.id, wire] as const))('%s has a mock route at the path its adapter calls', (id, wire) => {
    const adapter = getWireAdapter(id)!;
    expect(adapter.label).toBe(wire.label);
    const request = adapter.buildRequest({
      model: MOCK_MODEL_NAME,
      conversation: adapter.startConversation({ question: 'What is 5 plus 7?' }),
      tools: adapter.prepareTools({ tools: [] }).result.tools,
    });
    expect(findMockRoute(`${wire.mockBasePath}${request.path}`)).toBeDefined();
  });
});
