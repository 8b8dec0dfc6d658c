import type { GateFacts } from './run-facts.ts';
import type { Sentence } from './word-claims.ts';

/**
 * The words of a gate that asks the user (consent, a sampling review, an elicitation, a provider's approval request):
 * who answered and what, said plainly, so an answer Next or a default gave is never
 * passed off as the learner's.
 */

/** Who answered, said first: a gate answered by Next or by a default says so plainly. */
export function sayWhoAnswered(gate: Pick<GateFacts, 'answeredBy' | 'answer'>): string {
  if (gate.answeredBy === null) return `Answered ${gate.answer}`;
  switch (gate.answeredBy) {
    case 'learner':
      return `You answered ${gate.answer}`;
    case 'next':
      return `Next answered ${gate.answer} for you (you pressed Next, not an answer)`;
    case 'preset':
      return `Answered ${gate.answer} before the run (a command-line flag)`;
    case 'host':
      return `Nobody was at the gate: the host answered ${gate.answer} by default`;
    default: {
      const unknown: never = gate.answeredBy;
      return unknown;
    }
  }
}

/** The title of a gate step, saying who answered and what: the engine records it, and the page makes it again from the facts. */
export function describeGateTitle(gate: GateFacts): Sentence {
  const claims = [{ kind: 'gate' as const, gate: gate.gate, answeredBy: gate.answeredBy ?? 'learner', answer: gate.answer }];
  const who = sayWhoAnswered(gate);
  const tool = gate.tool ? ` ${gate.tool}` : ' the call';
  switch (gate.gate) {
    case 'consent':
      return {
        text: gate.answer === 'allow' ? `${who}: the host calls${tool}` : `${who}: the host does not call${tool}`,
        claims: gate.answeredBy === null ? [] : claims,
      };
    case 'sampling':
      return {
        text: gate.answer === 'approve' ? `${who}: the server’s request goes to the model` : `${who}: the model is not asked`,
        claims: gate.answeredBy === null ? [] : claims,
      };
    case 'mcp-approval':
      return {
        text: gate.answer === 'approve' ? `${who}: the provider’s MCP client may call${tool}` : `${who}: the provider does not call${tool}`,
        claims: gate.answeredBy === null ? [] : claims,
      };
    case 'elicitation': {
      const page = gate.pageOpened === null ? '' : gate.pageOpened ? ' (the page was opened)' : ' (the page was never opened)';
      const pageClaims = gate.pageOpened === null ? [] : [{ kind: 'page-opened' as const, opened: gate.pageOpened }];
      return { text: `${who}${page}: the server hears only the action`, claims: [...(gate.answeredBy === null ? [] : claims), ...pageClaims] };
    }
    default: {
      const unknown: never = gate.gate;
      return unknown;
    }
  }
}
