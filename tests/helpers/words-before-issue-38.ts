import type { Sentence } from '../../src/content/word-claims.ts';
import type { Step, Trace } from '../../src/trace/trace.ts';
import { findStepOutcomes } from '../../src/ui/step-outcome.ts';

/**
 * The words the explorer said before issue 38, chosen by step id (and, for a few steps, by
 * the round's failure situation), with the claims each one made. The combination test
 * runs its checker over them on the same runs, to show it finds what was wrong then: a
 * checker that finds nothing in those words would prove nothing about the new ones.
 */

type OldWords = (step: Step, index: number, trace: Trace) => Sentence | null;

const OLD: Record<string, OldWords> = {
  'mcp.stream.open': (_step, index) => ({
    text: 'After the handshake the client offers the server a channel to push messages. A stateless server has nothing to push and says 405.',
    claims: [{ kind: 'http-status', step: index, status: 405 }],
  }),
  'server.execute': (_step, index, trace) => ({
    text: 'The first and only moment the computation happens.',
    claims: [{ kind: 'execution-count', index: trace.steps.slice(0, index + 1).filter((step) => step.id === 'server.execute').length, total: 1 }],
  }),
  'client.result-to-host': (step) => ({
    text: 'The tool ran; the model has not seen the result yet.',
    claims: [{ kind: 'call-result', round: step.iteration, result: 'ok' }],
  }),
  'provider.response.answer': (step) => ({
    text: 'The tool did the computation; the model turns it into a sentence.',
    claims: [{ kind: 'computed', round: step.iteration, computed: true }],
  }),
  'host.answer': () => ({
    text: 'Two protocols, three translations, one answer.',
    claims: [
      { kind: 'translations', count: 3 },
      { kind: 'answer-reached', reached: true },
    ],
  }),
  'host.fault': () => ({
    text: 'Something went wrong. The steps before stay recorded so you can inspect what happened.',
    claims: [{ kind: 'round-cap', reached: false }],
  }),
  'mcp.session.expired': (_step, index) => ({
    text: 'A stateful server may forget a session (it restarted, or the session timed out). The answer is HTTP 404, and the client must start again with initialize.',
    claims: [{ kind: 'session-restarted', step: index, restarted: true }],
  }),
};

/** The old titles of the gates said "The user answers", whoever did. */
const OLD_GATE_TITLES: Record<string, 'consent' | 'sampling' | 'elicitation'> = {
  'user.consent': 'consent',
  'host.sampling.review': 'sampling',
  'user.elicitation.answer': 'elicitation',
};

function readAnswer(step: Step): string {
  const payload = step.payload as { decision?: unknown; action?: unknown } | null;
  return String(payload?.decision ?? payload?.action);
}

export function listOldWordClaims(trace: Trace): { where: string; sentence: Sentence }[] {
  const outcomes = findStepOutcomes(trace.steps);
  return trace.steps.flatMap((step, index) => {
    const where = `#${step.n} ${step.id}`;
    const found: { where: string; sentence: Sentence }[] = [];
    // The old failure sentences replaced these where the round had failed; only the happy-path words are held here.
    const summary = outcomes[index] === undefined && Object.hasOwn(OLD, step.id) ? OLD[step.id]!(step, index, trace) : null;
    if (summary) found.push({ where: `${where} summary`, sentence: summary });
    const gate = Object.hasOwn(OLD_GATE_TITLES, step.id) ? OLD_GATE_TITLES[step.id]! : null;
    if (gate)
      found.push({
        where: `${where} title`,
        sentence: { text: 'The user answers', claims: [{ kind: 'gate', gate, answeredBy: 'learner', answer: readAnswer(step) }] },
      });
    // The old caption: "Step 20" for a stop at step 20, where the inspector said "Step ! of 20".
    if (step.kind === 'fault' && step.canonical !== null)
      found.push({
        where: `${where} number`,
        sentence: { text: `Step ${step.canonical}`, claims: [{ kind: 'step-number', step: index, shown: String(step.canonical) }] },
      });
    // The old phase headings: the authorization flow's steps under Discovery.
    if (step.id.startsWith('auth.'))
      found.push({
        where: `${where} phase`,
        sentence: {
          text: 'Discovery: before asking the model anything, the host learns from the MCP server which tools exist',
          claims: [{ kind: 'phase', step: index, phase: 'discovery' }],
        },
      });
    return found;
  });
}
