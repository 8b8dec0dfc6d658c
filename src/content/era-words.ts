import type { Step } from '../trace/trace.ts';
import type { Era } from '../trace/vocabulary.ts';
import type { RunFacts } from './run-facts.ts';
import { say, type Sentence } from './word-claims.ts';

/**
 * The sentences of the steps that work differently in the two eras (a server reaching back
 * to the client: sampling, elicitation, roots) and of the sampling answers: each says the
 * mechanism of the era this run spoke, never both, never the other one's.
 */

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

type EraTexts = Record<Era, string>;

const REACH_BACK: Partial<Record<string, EraTexts>> = {
  'client.sampling-to-host': {
    '2025-11-25': 'The server wants the host’s model to write something (sampling): its request came on the tools/call stream. The client cannot answer itself: it hands the request to the host, which owns the model and the user’s trust.',
    '2026-07-28': 'The server wants the host’s model to write something (sampling): its request came inside the call’s input_required result. The client hands it to the host, which owns the model and the user’s trust. Sampling is deprecated in this era, in favour of servers calling a model themselves.',
  },
  'host.elicitation.result': {
    '2025-11-25': 'The host gives the ElicitResult to the client, which sends it to the server as the answer to its request on the tools/call stream.',
    '2026-07-28': 'The host gives the ElicitResult to the client, which sends the same tools/call again with it in inputResponses: a new request, a new id.',
  },
  'client.roots-to-host': {
    '2025-11-25': 'The server asks the client which roots it may work in (roots/list), as a request of its own. The client hands it to the host, because the host, not the server, decides what to share.',
    '2026-07-28': 'The server asks which roots it may work in (roots/list) inside an input_required result. The client hands it to the host, because the host, not the server, decides what to share.',
  },
  'host.sampling.timeout': {
    '2025-11-25': 'The host’s model did not answer the sampling request within the host’s sampling timeout, so the host stopped waiting. Nothing came back to turn into a CreateMessageResult, so the client answers the server’s request with a JSON-RPC error, and the tool decides what follows. The run goes on.',
    '2026-07-28': 'The host’s model did not answer the sampling request within the host’s sampling timeout, so the host stopped waiting. inputResponses can carry no error, so the client does not send the call again: the call ends at the client with its own error, and the server never hears why. The run goes on.',
  },
};

function describeSamplingResult(era: Era | null, step: Step): Sentence | null {
  if (isRecord(step.payload) && 'error' in step.payload) {
    if (era === '2026-07-28') return say('The sampling request was declined: no provider request was made and no reply came. inputResponses can carry no error, so the call ends at the client and the server is not told.', { kind: 'era-mechanism', era });
    if (era === '2025-11-25') return say('The sampling request was declined: no provider request was made and no reply came. The client answers the server’s request with a JSON-RPC error, and the tool decides what follows.', { kind: 'era-mechanism', era });
    return say('The sampling request was declined: no provider request was made and no reply came.');
  }
  return say('Translation #4, back: the provider’s reply becomes a CreateMessageResult (role, one text block, the model that answered, stopReason). It waits at the gate, where you may change it, before it goes to the server.');
}

export function describeEraStep(facts: RunFacts, step: Step): Sentence | null {
  const era = facts.era;
  if (step.id === 'host.sampling.result') return describeSamplingResult(era, step);
  const texts = Object.hasOwn(REACH_BACK, step.id) ? REACH_BACK[step.id] : undefined;
  if (!texts || era === null) return null;
  return say(texts[era], { kind: 'era-mechanism', era });
}
