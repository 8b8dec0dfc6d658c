import { decideDeterministicReply, type MockInput } from './decide-deterministic-reply.ts';
import type { MockReply } from './mock-reply.ts';
import {
  decideAfterFirstMistake,
  decideBrokenOffReply,
  decideRelentlessReply,
  decideSamplingRefusal,
  decideStoppedReply,
  readMockVariant,
} from './mock-variants.ts';

/**
 * The mock model's brain, independent of any wire format: given the model name, the
 * question, the tools offered and the tool results so far, it either asks for the next
 * tool calls or answers in words. Deterministic rules, so a lesson plays the same every
 * time; the model name selects a variant with one habit a real model can have.
 */

export { MOCK_MODEL_NAME } from '../../src/trace/index.ts';
export type { MockReply, MockTool, MockToolCall, MockToolExchange } from './mock-reply.ts';
export { fillNumericArguments, findToolFor, readNumber } from './decide-arithmetic-reply.ts';

export function decideMockReply({ model, ...input }: MockInput & { model?: string }): MockReply {
  const variant = readMockVariant(model);
  switch (variant) {
    case 'mock-model-deterministic':
      return decideDeterministicReply(input);
    case 'mock-model-sloppy':
    case 'mock-model-inventive':
    case 'mock-model-broken-json':
      return decideAfterFirstMistake({ ...input, habit: variant });
    case 'mock-model-relentless':
      return decideRelentlessReply(input);
    case 'mock-model-refusing':
      return decideStoppedReply({ ...input, stop: 'refusal' });
    case 'mock-model-cut-off':
      return decideStoppedReply({ ...input, stop: 'cut-off' });
    case 'mock-model-filtered':
      return decideStoppedReply({ ...input, stop: 'content-filter' });
    case 'mock-model-interrupted':
      // The break itself is the endpoint's (serve-mock-endpoint.ts): the model meant a whole reply.
      return decideBrokenOffReply(input);
    case 'mock-model-refusing-sampling':
      return decideSamplingRefusal(input);
    case 'mock-model-stalling-sampling':
      // The stall itself is the endpoint's (serve-mock-endpoint.ts): the words never leave.
      return decideDeterministicReply(input);
    default: {
      const unknownVariant: never = variant;
      throw new Error(`Unknown mock variant ${String(unknownVariant)}`);
    }
  }
}
