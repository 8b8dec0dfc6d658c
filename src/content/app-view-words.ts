import type { Step } from '../trace/index.ts';
import type { RunFacts, StepFacts } from './run-facts.ts';
import { say, type CallResult, type Sentence, type ViewCallAnswer } from './word-claims.ts';

/**
 * The sentences of a view's steps (MCP Apps) that the run decides: whether the view was
 * told the result the model got (the learner may edit what the view is told), why it was
 * told the call was cancelled, and what answered its own tools/call. Each says what the
 * run's steps show, with the claim the combination test holds to the trace.
 */

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export function describeAppViewSummary(facts: RunFacts, stepFacts: StepFacts): Sentence | null {
  const { step, index } = stepFacts;
  switch (step.id) {
    case 'app.tool-result.notification':
      return describeToolResult(step, index);
    case 'app.tool-cancelled.notification':
      return describeToolCancelled(facts.rounds.get(step.iteration)?.result ?? null, step.iteration);
    case 'app.tools-call.response':
      return describeViewCallAnswer(readViewCallAnswer(step), index);
    default:
      return null;
  }
}

/** What of a tool-result notification's params is the result: what the view draws from. */
function readToldResult(message: unknown): string {
  const params = isRecord(message) && isRecord(message.params) ? message.params : {};
  return JSON.stringify([params.content, params.structuredContent, params.isError]);
}

function describeToolResult(step: Step, index: number): Sentence {
  // An edit the learner sent unchanged leaves the view with the model's result all the same.
  const sameAsModel = step.edited === undefined || readToldResult(step.payload) === readToldResult(step.edited.original);
  const claim = { kind: 'view-result' as const, step: index, sameAsModel };
  if (!sameAsModel)
    return say(
      'The learner changed what the view is told before it left: the view gets a result other than the one the model gets, and draws that one. A view believes its host.',
      claim,
    );
  return say(
    'The same result the model gets, sent to the view as well: the view may draw the structuredContent, which hosts keep out of the model’s context.',
    claim,
  );
}

const CANCELLED_BECAUSE: Record<CallResult, string> = {
  stopped: 'The call was stopped before it finished',
  'protocol-error': 'The call ended in an error, with no result',
  'not-sent': 'The call never left the host',
  unanswered: 'The server never answered the call',
  'is-error': 'The call ended with a tool error',
  ok: 'The call came back with a result, yet the host gave the view none',
};

function describeToolCancelled(result: CallResult | null, round: number): Sentence {
  if (result === null) return say('The view is told the call will bring it no result, so that it does not wait for one.');
  return say(`${CANCELLED_BECAUSE[result]}, and the view is told so, so that it does not wait for a result that will not come.`, {
    kind: 'call-result',
    round,
    result,
  });
}

/** What the host answered a view's tools/call with: the server's result, a tool error in it, or a JSON-RPC error. */
function readViewCallAnswer(step: Step): ViewCallAnswer {
  const payload = step.payload;
  if (!isRecord(payload) || !isRecord(payload.result)) return 'error';
  return payload.result.isError === true ? 'tool-error' : 'result';
}

function describeViewCallAnswer(answer: ViewCallAnswer, index: number): Sentence {
  const claim = { kind: 'view-call-answer' as const, step: index, answer };
  switch (answer) {
    case 'result':
      return say('The view gets the server’s result as the answer to its own request.', claim);
    case 'tool-error':
      return say('The view gets the server’s answer to its own request: a tool error (isError), which the view shows as it chooses.', claim);
    case 'error':
      return say('The view’s request got no result from the server: the host answers it with a JSON-RPC error that says why.', claim);
    default: {
      const unexpected: never = answer;
      return unexpected;
    }
  }
}
