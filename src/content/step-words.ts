import { getStepDefinition } from '../trace/index.ts';
import type { Step, Phase } from '../trace/index.ts';
import { describeAppViewSummary } from './app-view-words.ts';
import { PHASE_SUMMARIES } from './phase-summaries.ts';
import { PROVIDER_MCP_PHASE_SUMMARIES } from './provider-mcp-phase-summaries.ts';
import { describeGateTitle } from './gate-words.ts';
import { describeListCacheWords } from './list-cache-words.ts';
import { describeStepNumber, describeStepNumberLong } from './step-numbers.ts';
import { describeRoundSummary } from './round-words.ts';
import type { RunFacts, StepFacts } from './run-facts.ts';
import { getStepSummary } from './step-summaries.ts';
import { describeStreamAnswer } from './traffic-wording.ts';
import { say, type Sentence } from './word-claims.ts';

/**
 * All the words for one step, in one place: its title, its sentence for the learner, the
 * heading of its phase and its number. Each is made from the run's facts (run-facts.ts)
 * with the claims it makes, so the combination test can hold every word to the trace.
 * The step table (src/trace/steps.ts) and the summaries table keep only what is true of a
 * step whatever the run did; where the run decides, the words are built here.
 */
export type StepWords = {
  title: Sentence;
  summary: Sentence | null;
  /** The phase the step belongs to (the authorization flow's steps are in none of the article's four). */
  phase: Phase;
  phaseHeading: Sentence;
  /** The badge: the article's number, `!` for a stop, `·` for a step outside the twenty. */
  number: Sentence;
  /** The inspector's longer form of the number ("Step 12 of 20", "Stopped", "Extra step"). */
  numberLong: string;
};

export function describeStepWords(facts: RunFacts, index: number): StepWords | null {
  const stepFacts = facts.steps[index];
  if (!stepFacts) return null;
  const { step } = stepFacts;
  const number = describeStepNumber(step, index);
  return {
    title: describeTitle(facts, stepFacts),
    summary: describeSummary(facts, stepFacts),
    phase: stepFacts.phase,
    phaseHeading: describePhaseHeading(facts, stepFacts),
    number,
    numberLong: describeStepNumberLong(step),
  };
}

/** The title alone and the phase heading of every step, for lists (the timeline) that show all of them at once. */
export function describeStepTitles(facts: RunFacts): { title: string; phase: Phase; phaseHeading: string }[] {
  return facts.steps.map((stepFacts) => ({
    title: describeTitle(facts, stepFacts).text,
    phase: stepFacts.phase,
    phaseHeading: describePhaseHeading(facts, stepFacts).text,
  }));
}

function describeTitle(facts: RunFacts, { step, gate, index }: StepFacts): Sentence {
  if (gate) return describeGateTitle(gate);
  if (isListCacheStep(step)) {
    const words = describeListCacheWords(readSteps(facts), index);
    if (words) return words.title;
  }
  if (step.id === 'mcp.stream.open' && step.http?.status !== undefined) {
    const base = getStepDefinition(step.id)?.title ?? step.title;
    return say(`${base}: ${describeStreamAnswer({ httpMethod: step.http.method, status: step.http.status })}`, {
      kind: 'http-status',
      step: index,
      status: step.http.status,
    });
  }
  return say(step.title);
}

function describeSummary(facts: RunFacts, stepFacts: StepFacts): Sentence | null {
  const { step, index } = stepFacts;
  const byRound = describeRoundSummary(facts, stepFacts);
  if (byRound) return byRound;
  switch (step.id) {
    case 'mcp.stream.open':
      return describeStreamOpen(step, index);
    case 'server.execute':
      return describeExecution(facts, stepFacts);
    case 'mcp.session.expired':
      return describeSessionExpired(facts, step, index);
    case 'app.tool-result.notification':
    case 'app.tool-cancelled.notification':
    case 'app.tools-call.response':
      return describeAppViewSummary(facts, stepFacts);
    case 'host.tools-list-fresh':
    case 'host.tools-list-stale': {
      const words = describeListCacheWords(readSteps(facts), index);
      return words ? say(`${words.summary.text} ${words.scope.text}`, ...words.summary.claims, ...words.scope.claims) : say(getStepSummary(step.id) ?? '');
    }
    case 'host.fault':
      return step.fault?.rule === 'round-cap'
        ? say('Not a failure of any part: the host’s own cap on tool rounds stopped the loop, as it is meant to. The steps before stay recorded.', {
            kind: 'round-cap',
            reached: true,
          })
        : say('The run stopped here. The steps before stay recorded, so you can see what led to it.', { kind: 'round-cap', reached: false });
    default: {
      const text = getStepSummary(step.id);
      return text === undefined ? null : say(text);
    }
  }
}

function isListCacheStep(step: Step): boolean {
  return step.id === 'host.tools-list-fresh' || step.id === 'host.tools-list-stale';
}

function readSteps(facts: RunFacts): Step[] {
  return facts.steps.map((entry) => entry.step);
}

function describeStreamOpen(step: Step, index: number): Sentence {
  const status = step.http?.status;
  if (status === undefined) return say('After the handshake the client offers the server a channel to push messages on (a GET that stays open).');
  const claim = { kind: 'http-status' as const, step: index, status };
  if (status === 405)
    return say(
      'After the handshake the client offers the server a channel to push messages. This server keeps no stream for the client: it says 405, and the client goes on without one.',
      claim,
    );
  if (status >= 200 && status < 300)
    return say(
      `After the handshake the client offers the server a channel to push messages. The server answers ${status} and keeps the stream open: it can send requests and notifications on it outside any call.`,
      claim,
    );
  return say(`After the handshake the client offers the server a channel to push messages. The server answers ${status}: no stream.`, claim);
}

function describeExecution(facts: RunFacts, { executionIndex }: StepFacts): Sentence {
  const total = facts.executions;
  const index = executionIndex ?? 0;
  const claim = { kind: 'execution-count' as const, index, total };
  if (total <= 1) return say('The server runs the tool’s handler: the one moment in the run when the tool’s work is done, on the server.', claim);
  return say(`The server runs a tool’s handler: run ${index} of ${total} in this run. Only here is a tool’s work done; the model only asked for it.`, claim);
}

function describeSessionExpired(facts: RunFacts, step: Step, index: number): Sentence {
  const restarted = facts.steps.slice(index + 1).some((entry) => entry.step.id === 'mcp.initialize.request');
  const claim = { kind: 'session-restarted' as const, step: index, restarted };
  if (step.http?.method === 'DELETE' || !restarted) {
    return say(
      'The server no longer knows this session (404). Here nothing follows from it: the client was ending the session anyway, so it does not start a new one.',
      claim,
    );
  }
  return say(
    'A stateful server may forget a session (it restarted, or the session timed out). The answer is HTTP 404, and the client starts a new session with initialize, then sends the request again.',
    claim,
  );
}

function describePhaseHeading(facts: RunFacts, { step, phase, index }: StepFacts): Sentence {
  const claim = { kind: 'phase' as const, step: index, phase };
  if (facts.topology === 'provider') return say(PROVIDER_MCP_PHASE_SUMMARIES[phase], claim, { kind: 'topology', topology: 'provider' });
  const round = facts.rounds.get(step.iteration);
  if (phase === 'execution' && round && round.result !== null && !round.computed) {
    const result = { kind: 'computed' as const, round: round.round, computed: false };
    return say(
      'Execution: the host turns the model’s call back into MCP and it goes to the server, or stops at the host; in this round the tool’s work was not done.',
      claim,
      result,
    );
  }
  if (phase === 'response' && !facts.answered && facts.outcome !== 'idle') {
    return say('Response: the model’s reply goes back to the user, when there is one; this run reached no full answer.', claim, {
      kind: 'answer-reached',
      reached: false,
    });
  }
  return say(PHASE_SUMMARIES[phase], claim);
}
