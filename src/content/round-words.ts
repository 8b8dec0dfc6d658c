import type { GateFacts, RoundFacts, RunFacts, StepFacts } from './run-facts.ts';
import { describeEraStep } from './era-words.ts';
import { sayWhoAnswered } from './gate-words.ts';
import { say, type Claim, type Sentence } from './word-claims.ts';

/**
 * The sentences of the steps whose truth depends on what became of a round's tool calls:
 * whether the tool ran, failed, was refused, never left the host, or ran without the
 * user's or the model's help it asked for. Read from the round's facts, never assumed.
 */

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

const NO_ANSWERS = new Set(['deny', 'decline', 'cancel']);

function findRefusal(round: RoundFacts): GateFacts | undefined {
  return round.gates.find((gate) => NO_ANSWERS.has(gate.answer));
}

function gateClaim(gate: GateFacts): Claim[] {
  return gate.answeredBy === null ? [] : [{ kind: 'gate', gate: gate.gate, answeredBy: gate.answeredBy, answer: gate.answer }];
}

function whoSaid(gate: GateFacts): string {
  const said = sayWhoAnswered(gate);
  return said.charAt(0).toLowerCase() + said.slice(1);
}

/** Why the round's tool did not do its work, in a clause, with its claims. */
function explainNotComputed(round: RoundFacts): Sentence {
  const computed: Claim = { kind: 'computed', round: round.round, computed: false };
  const refusal = findRefusal(round);
  if (refusal?.gate === 'consent')
    return say(`the tool never ran: at the consent gate ${whoSaid(refusal)}, so no tools/call left the host`, computed, ...gateClaim(refusal), {
      kind: 'call-result',
      round: round.round,
      result: 'not-sent',
    });
  if (refusal?.gate === 'elicitation')
    return say(`the server asked the user, and ${whoSaid(refusal)}: the tool answered without the value it asked for`, computed, ...gateClaim(refusal));
  if (refusal?.gate === 'sampling')
    return say(
      `the server asked the host’s model, and ${whoSaid(refusal)}: the model was not asked, and the tool went without its sentence`,
      computed,
      ...gateClaim(refusal),
    );
  switch (round.result) {
    case 'is-error':
      return say('the server answered with isError: it refused the call, or the tool failed', computed, {
        kind: 'call-result',
        round: round.round,
        result: 'is-error',
      });
    case 'protocol-error':
      return say('no tool result came back, only an error', computed, { kind: 'call-result', round: round.round, result: 'protocol-error' });
    case 'not-sent':
      return say('no tools/call left the host', computed, { kind: 'call-result', round: round.round, result: 'not-sent' });
    case 'stopped':
      return say('the call was stopped before it finished', computed, { kind: 'call-result', round: round.round, result: 'stopped' });
    case 'unanswered':
      return say('the server never answered the call', computed, { kind: 'call-result', round: round.round, result: 'unanswered' });
    case 'ok':
    case null:
      return say('the tool did not get the model’s help it asked for (the sampling request had no answer)', computed);
    default: {
      const unknown: never = round.result;
      return unknown;
    }
  }
}

function join(first: string, clause: Sentence, last = ''): Sentence {
  return { text: `${first}${clause.text}${last}`, claims: clause.claims };
}

function describeModelAnswer(facts: RunFacts, round: RoundFacts): Sentence {
  if (round.result === null) {
    const rounds: Claim = { kind: 'tool-rounds', count: facts.toolRounds };
    return facts.toolRounds === 0
      ? say('No tool was called: the model answered from its own words, and nothing was computed.', rounds)
      : say('The model asks for no more tools: it answers with what the rounds before gave it.', rounds);
  }
  if (round.computed)
    return say('The tool did its work on the server; the model turns the result into a sentence.', { kind: 'computed', round: round.round, computed: true });
  return join('In this round ', explainNotComputed(round), '; the model says what happened, in words.');
}

function describeHostAnswer(facts: RunFacts, round: RoundFacts | undefined): Sentence {
  const count = facts.translations;
  const translations = `${count} translation${count === 1 ? '' : 's'}`;
  const claims: Claim[] = [
    { kind: 'translations', count },
    { kind: 'outcome', outcome: facts.outcome === 'idle' ? 'running' : facts.outcome },
  ];
  if (facts.outcome === 'declined') return { text: `Two protocols, ${translations}, and an answer without the tool: the run ends declined.`, claims };
  if (round && round.result !== null && !round.computed)
    return {
      text: `Two protocols, ${translations}, and an answer that reports that ${explainNotComputed(round).text}.`,
      claims: [...claims, ...explainNotComputed(round).claims],
    };
  if (facts.toolRounds === 0)
    return {
      text: `One request to the model and one answer: no tool call, so no translations #2 and #3 and no tools/call (${translations} in all).`,
      claims: [...claims, { kind: 'tool-rounds', count: 0 }],
    };
  return { text: `Two protocols, ${translations}, one answer.`, claims };
}

function describeResultToHost(round: RoundFacts): Sentence | null {
  const ran: Claim = { kind: 'handler-ran', round: round.round, ran: round.handlerRan };
  if (round.result === 'ok' && round.computed)
    return say('The tool ran and did its work; the model has not seen the result yet.', { kind: 'computed', round: round.round, computed: true }, ran);
  if (round.result === 'ok') return join('The server answered, but ', explainNotComputed(round), '. The model has not seen it yet.');
  if (round.result === null) return null;
  const why = explainNotComputed(round);
  if (!round.handlerRan)
    return {
      text: `${round.result === 'is-error' ? 'The tool did not run' : 'No tool ran'}: ${why.text}. The host hands the model what came back, so it can try again or say so.`,
      claims: [...why.claims, ran],
    };
  return { text: `The tool’s handler ran, but ${why.text}. The host hands the model what came back.`, claims: [...why.claims, ran] };
}

/** The server's own reports of a call whose arguments it refused, or whose tool it did not find. */
function describeRefusedReport(round: RoundFacts | undefined, id: 'server.validate-arguments' | 'server.registry-lookup'): Sentence | null {
  if (!round || round.handlerRan || (round.result !== 'is-error' && round.result !== 'protocol-error')) return null;
  const claims: Claim[] = [
    { kind: 'handler-ran', round: round.round, ran: false },
    { kind: 'call-result', round: round.round, result: round.result },
  ];
  if (id === 'server.validate-arguments' && round.result === 'is-error')
    return {
      text: 'The arguments came from a model, and here they are wrong: the server checks them against the schema and refuses them. The handler will not run.',
      claims,
    };
  if (id === 'server.registry-lookup' && round.result === 'protocol-error')
    return { text: 'The server looks the name up and finds no such tool: there is nothing to validate or run.', claims };
  return null;
}

/** The provider was the MCP client: what it reports its client did, and no translation by the host. */
function describeProviderAnswer(facts: RunFacts, id: 'provider.response.answer' | 'host.answer'): Sentence {
  const claims: Claim[] = [
    { kind: 'topology', topology: 'provider' },
    { kind: 'reported-calls', count: facts.reportedCalls },
  ];
  const calls = `${facts.reportedCalls} tool call${facts.reportedCalls === 1 ? '' : 's'}`;
  if (id === 'provider.response.answer') {
    if (facts.reportedCalls > 0)
      return {
        text: `The provider reports ${calls} by its own MCP client (the steps above) and its model puts the result into words: the host called nothing and translated nothing.`,
        claims,
      };
    return { text: 'The provider reports no tool call by its MCP client: its model answered without one.', claims };
  }
  const outcome: Claim = { kind: 'outcome', outcome: facts.outcome === 'idle' ? 'running' : facts.outcome };
  if (facts.outcome === 'declined')
    return {
      text: `One question to the provider and ${calls} by its own MCP client: a call was denied at the approval gate, so the answer is without it, and the run ends declined.`,
      claims: [...claims, outcome],
    };
  return {
    text: `One question to the provider, ${calls} by its own MCP client, ${facts.translations} translations by the host: one answer.`,
    claims: [...claims, outcome, { kind: 'translations', count: facts.translations }],
  };
}

/** The step's sentence when its round decides it; null to use the step's own. */
export function describeRoundSummary(facts: RunFacts, { step }: StepFacts): Sentence | null {
  const round = facts.rounds.get(step.iteration);
  if (facts.topology === 'provider' && (step.id === 'provider.response.answer' || step.id === 'host.answer')) return describeProviderAnswer(facts, step.id);
  switch (step.id) {
    case 'provider.response.answer':
    case 'tab-model.output.answer':
      return round ? describeModelAnswer(facts, round) : null;
    case 'host.answer':
      return describeHostAnswer(facts, round);
    case 'client.result-to-host':
      return round ? describeResultToHost(round) : null;
    case 'mcp.tools-call.response':
      if (round?.result === 'is-error')
        return say(
          'The server answered with a CallToolResult whose isError is true: the tool refused or failed, and the text says why. Not a protocol error.',
          { kind: 'call-result', round: round.round, result: 'is-error' },
        );
      if (round?.result === 'protocol-error')
        return say('A JSON-RPC error, not a result: the request itself failed. No tool result.', {
          kind: 'call-result',
          round: round.round,
          result: 'protocol-error',
        });
      return null;
    case 'host.translate-tool-result':
    case 'tab-model.prompt-with-results':
      if (round?.result === 'not-sent' && !findRefusal(round))
        return say('No tools/call was sent: the host answers the model itself, with the problem as the tool result, so the model can try again.', {
          kind: 'call-result',
          round: round.round,
          result: 'not-sent',
        });
      if (round && round.result !== null && !round.computed)
        return join('The host tells the model what happened, as a tool result: ', explainNotComputed(round), '.');
      return null;
    case 'host.translate-tool-call':
      if (round?.result === 'not-sent' && isRecord(step.payload) && 'error' in step.payload)
        return say('The arguments are not JSON, so translation #2 cannot build a tools/call: none is sent, and the server never hears of this call.', {
          kind: 'call-result',
          round: round.round,
          result: 'not-sent',
        });
      return null;
    case 'server.validate-arguments':
    case 'server.registry-lookup':
      return describeRefusedReport(round, step.id);
    case 'user.consent':
    case 'host.sampling.review':
    case 'user.elicitation.answer':
      return null;
    default:
      return describeEraStep(facts, step);
  }
}
