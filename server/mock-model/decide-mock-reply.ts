import { decideDeterministicReply, type MockInput } from './decide-deterministic-reply.ts';
import type { MockReply } from './mock-reply.ts';

/**
 * The mock model's brain, independent of any wire format: given the question, the
 * tools offered and the tool results so far, it either asks for the next tool calls
 * or answers in words. Deterministic rules, so a lesson plays the same every time.
 */

export { MOCK_MODEL_NAME } from '../../src/providers/mock-endpoints.ts';
export type { MockReply, MockTool, MockToolCall, MockToolExchange } from './mock-reply.ts';
export { fillNumericArguments, findToolFor, readNumber } from './decide-arithmetic-reply.ts';

export function decideMockReply(input: MockInput): MockReply {
  return decideDeterministicReply(input);
}
