import { MOCK_MODEL_NAME, MOCK_MODELS, type MockModelName } from '../../src/trace/index.ts';
import { readResultNumber } from './read-result-number.ts';
import { decideDeterministicReply, type MockInput } from './decide-deterministic-reply.ts';
import { isSamplingStyleRequest } from './decide-sampling-reply.ts';
import { describeCall, type MockReply, type MockStop, type MockToolCall, type MockToolExchange } from './mock-reply.ts';
import { writeFirstCallMistake, type MistakeHabit } from './write-first-call-mistake.ts';

/**
 * The mock's variants, each the deterministic model plus one habit a real model can
 * have. They read what came back in the conversation as a real model would: a variant
 * that made a mistake sees the error about its own call and calls again correctly.
 */

/** The variant a request's model name selects; any other name gets the deterministic model, as before. */
export function readMockVariant(model: string | undefined): MockModelName {
  return MOCK_MODELS.find((entry) => entry.name === model)?.name ?? MOCK_MODEL_NAME;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Whether an exchange answers exactly this call, as the conversation carries it back. */
function answersCall(exchange: MockToolExchange, call: MockToolCall): boolean {
  return exchange.name === call.name && JSON.stringify(exchange.arguments) === JSON.stringify(call.brokenArguments ?? call.arguments);
}

function shorten(text: string, length = 120): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return oneLine.length > length ? `${oneLine.slice(0, length)}...` : oneLine;
}

/** Sloppy, inventive, broken-json: one mistake on the first call, then, after reading the error, the right call. */
export function decideAfterFirstMistake({ habit, ...input }: MockInput & { habit: MistakeHabit }): MockReply {
  const firstRound = decideDeterministicReply({ ...input, exchanges: [] });
  const firstCall = firstRound.type === 'tool-calls' ? firstRound.calls[0] : undefined;
  const mistake = firstCall ? writeFirstCallMistake({ habit, call: firstCall, tools: input.tools, question: input.question }) : undefined;
  if (!mistake) {
    const reply = decideDeterministicReply(input);
    if (!firstCall || input.exchanges.length > 0) return reply;
    return { ...reply, reasoning: `${reply.reasoning} (${habit} has no number to spoil in this call, so it calls correctly.)` };
  }
  // The mistake goes out alone, so that the calls after it line up with the deterministic plan.
  if (input.exchanges.length === 0) return { type: 'tool-calls', calls: [mistake.call], reasoning: mistake.reasoning };
  const [first, ...rest] = input.exchanges;
  if (!first!.isError || !answersCall(first!, mistake.call)) return decideDeterministicReply(input);
  const reply = decideDeterministicReply({ ...input, exchanges: rest });
  if (rest.length > 0) return reply;
  return { ...reply, reasoning: `My first call came back as an error ("${shorten(first!.output)}"); reading it and calling again. ${reply.reasoning}` };
}

/** The next call after a result: the result in place of the first number ("keeps adding the result to 7"), or the same call again. */
function writeNextCall(last: MockToolExchange & { arguments: Record<string, unknown> }): MockToolCall {
  const operands = Object.values(last.arguments).filter((value): value is number => typeof value === 'number');
  const result = last.isError ? undefined : readResultNumber({ output: last.output, operands });
  const numeric = Object.keys(last.arguments).find((key) => typeof last.arguments[key] === 'number');
  if (result === undefined || numeric === undefined) return { name: last.name, arguments: last.arguments };
  return { name: last.name, arguments: { ...last.arguments, [numeric]: result } };
}

/** Relentless: whenever the deterministic model would answer in words after a tool result, it calls the tool again. */
export function decideRelentlessReply(input: MockInput): MockReply {
  const reply = decideDeterministicReply(input);
  const last = input.exchanges.at(-1);
  if (reply.type === 'tool-calls' || !last || !isRecord(last.arguments) || !input.tools.some((tool) => tool.name === last.name)) return reply;
  const call = writeNextCall({ ...last, arguments: last.arguments });
  return {
    type: 'tool-calls',
    calls: [call],
    reasoning: `Habit of mock-model-relentless: it never answers in words while a tool fits, so after ${last.name} answered "${shorten(last.output, 60)}" it calls ${describeCall(call)}; only the host's cap on tool rounds stops it.`,
  };
}

const REFUSAL_TEXT = 'I’m sorry, but I can’t help with that request.';

/** The first half of an answer, cut at a word, as a token limit leaves it. */
function cutHalfway(text: string): string {
  const half = text.slice(0, Math.max(1, Math.floor(text.length / 2)));
  const lastSpace = half.lastIndexOf(' ');
  return lastSpace > 0 ? half.slice(0, lastSpace) : half;
}

/** Refusing-sampling: the deterministic model, except that it declines a server's sampling request with the refusal signal. */
export function decideSamplingRefusal(input: MockInput): MockReply {
  if (!isSamplingStyleRequest(input)) return decideDeterministicReply(input);
  return {
    type: 'stop',
    stop: 'refusal',
    text: REFUSAL_TEXT,
    reasoning: "Habit of mock-model-refusing-sampling: it answers the user, but declines the server's sampling request with the provider's refusal signal.",
  };
}

/**
 * Interrupted: the deterministic model, whose first reply the endpoint breaks off halfway
 * (serve-mock-endpoint.ts). Its reasoning says what it meant to send, so the learner can
 * set it beside the part that arrived.
 */
export function decideBrokenOffReply(input: MockInput): MockReply {
  const reply = decideDeterministicReply(input);
  if (input.exchanges.length > 0) return reply;
  const meant = reply.type === 'tool-calls' ? reply.calls.map(describeCall).join(' and ') : `to answer "${shorten(reply.text, 80)}"`;
  return {
    ...reply,
    reasoning: `Habit of mock-model-interrupted: it meant ${reply.type === 'tool-calls' ? `to call ${meant}` : meant}, but the reply breaks off halfway, before the provider's end.`,
  };
}

/**
 * Refusing, cut-off, filtered: the deterministic model, stopped short. The refusal comes at
 * once, before any tool; the token limit and the filter strike the answer in words after
 * the tools have run, so the learner sees a full round and then no full answer.
 */
export function decideStoppedReply({ stop, ...input }: MockInput & { stop: MockStop }): MockReply {
  if (stop === 'refusal') {
    return {
      type: 'stop',
      stop,
      text: REFUSAL_TEXT,
      reasoning: 'Habit of mock-model-refusing: it declines every request, before any tool, with the provider’s refusal signal.',
    };
  }
  const reply = decideDeterministicReply(input);
  if (reply.type !== 'text') return reply;
  if (stop === 'cut-off') {
    return {
      type: 'stop',
      stop,
      text: cutHalfway(reply.text),
      reasoning: `Habit of mock-model-cut-off: it meant to answer "${shorten(reply.text, 80)}", but the token limit ends the reply halfway.`,
    };
  }
  return {
    type: 'stop',
    stop,
    text: reply.text,
    reasoning: `Habit of mock-model-filtered: it answered "${shorten(reply.text, 80)}", and the provider’s content filter withholds the answer.`,
  };
}
