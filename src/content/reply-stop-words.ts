import type { Fault, ReplyArrival, StopCause, StopOutcome } from '../trace/index.ts';

/**
 * The words for a model reply that stopped before a full answer (refused, cut by a token
 * limit, blocked, broken off mid-stream): what stopped it, what had arrived, what to do.
 */

/** A stop as a reader named it (src/providers ReplyStop, less `finished`). */
export type NamedStop = { outcome: StopOutcome; cause: StopCause; path: string; value: string; message?: string; arrived?: ReplyArrival };

type Words = { what: string; fix: string; why?: string };

function quote(text: string, length = 160): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return `“${oneLine.length > length ? `${oneLine.slice(0, length)}…` : oneLine}”`;
}

function plural(count: number, one: string): string {
  return `${count.toLocaleString('en')} ${one}${count === 1 ? '' : 's'}`;
}

/** Arguments as they came, shortened for a sentence. */
function showArguments(text: string): string {
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
}

/** What of a reply had arrived when it stopped, in a phrase: the frames or bytes, then the text and each call as far as it came. */
export function describeArrival(arrived: ReplyArrival | undefined): string {
  if (!arrived) return 'nothing the host could read';
  const parts: string[] = [];
  if (arrived.text !== '') parts.push(`the text ${quote(arrived.text, 80)}`);
  for (const call of arrived.calls) {
    const name = call.name ?? 'a tool not named yet';
    if (call.complete) parts.push(`a call to ${name} with whole arguments ${showArguments(call.argumentsText)}`);
    else if (call.argumentsText === '') parts.push(`the start of a call to ${name}, no arguments yet`);
    else parts.push(`a call to ${name} whose arguments stop at ${showArguments(call.argumentsText)} (not whole JSON)`);
  }
  const amount = arrived.frames !== undefined ? plural(arrived.frames, 'frame') : arrived.bytes !== undefined ? plural(arrived.bytes, 'byte') : undefined;
  const what = parts.length === 0 ? 'no text and no tool call' : parts.join(', and ');
  return amount === undefined ? what : `${amount}: ${what}`;
}

const NOT_AN_ANSWER = 'A reply that did not finish arriving is not an answer: the host shows none of it as the answer and calls no tool with it.';
const WHOLE_CALL_WAITS = 'A call that came whole is not run either: until the reply is over, the model may not have finished what it meant to do.';

/** Why even what came whole is not used: said only when a call did come whole. */
function explainWholeCalls(arrived: ReplyArrival | undefined): string {
  return arrived?.calls.some((call) => call.complete) ? ` ${WHOLE_CALL_WAITS}` : '';
}
const SEND_AGAIN =
  'Send the question again. If replies keep breaking off, the provider or a proxy between is cutting them short: asking for whole replies instead (--whole in the CLI, “Whole” in the model settings) may get through.';

/** A reply that did not finish arriving: what it lacks, what came, and what to do; the words say where the end was missing. */
function wordInterruption({ cause, path, value, arrived }: NamedStop & { cause: 'stream-cut' | 'body-cut' | 'stop-missing' }, label: string): Words {
  const came = describeArrival(arrived);
  switch (cause) {
    case 'stream-cut':
      return {
        what: `The ${label} stream ${arrived?.error ? `broke off (${arrived.error})` : 'ended'} before the reply did: no ${path} arrived.`,
        why: `What had arrived (${came}) is part of a reply. ${NOT_AN_ANSWER}${explainWholeCalls(arrived)} The run ends interrupted.`,
        fix: SEND_AGAIN,
      };
    case 'body-cut':
      return {
        what: `The ${label} reply ${arrived?.error ? `broke off (${arrived.error})` : 'stopped'} ${arrived?.bytes === undefined ? '' : `after ${plural(arrived.bytes, 'byte')}, `}before its JSON was whole.`,
        why: `${arrived?.tail ? `The body ends ${quote(`…${arrived.tail}`)}. ` : ''}${NOT_AN_ANSWER} The run ends interrupted.`,
        fix: SEND_AGAIN,
      };
    case 'stop-missing':
      return {
        what: `The ${label} reply does not say it is over: ${path} is ${value === 'missing' ? 'missing' : `"${value}"`}.`,
        why: `${label} says in ${path} that a reply has finished; without that, what came (${came}) may be unfinished. ${NOT_AN_ANSWER}${explainWholeCalls(arrived)} The run ends interrupted.`,
        fix: `Send the question again. A compatible server that never sets ${path} does not fully speak this format: choose the wire format it does speak.`,
      };
    default: {
      const unknownCause: never = cause;
      throw new Error(`Unknown interruption ${String(unknownCause)}`);
    }
  }
}

/** What each cause means for the learner and what to do about it; the why names the field. */
function wordCause(stop: NamedStop, label: string): Words {
  const { cause, message, value } = stop;
  switch (cause) {
    case 'refusal':
      return {
        what: message ? `The model refused to answer: ${quote(message)}` : 'The model refused to answer.',
        fix: 'Rephrase the question. A refusal is the model’s decision, so the same request usually gets the same refusal.',
      };
    case 'token-limit':
      return {
        what: 'The reply was cut off by the token limit: only part of the answer arrived.',
        fix: 'Raise the token limit (max_tokens, max_output_tokens, maxOutputTokens or num_predict), or ask for a shorter answer.',
      };
    case 'token-limit-after-calls':
      return {
        what: `The token limit ended the reply after its tool calls had arrived whole (${value}): the calls are complete, but what the model would have written after them was cut, so the host runs nothing.`,
        fix: 'Raise the token limit so the whole reply fits, then ask again.',
      };
    case 'tool-call-cut':
      return {
        what: 'The token limit cut the model off while it was writing a tool call, so its arguments are incomplete and the host runs nothing.',
        fix: 'Raise the token limit so the whole call fits, then ask again.',
      };
    case 'context-window':
      return {
        what: 'The conversation filled the model’s context window, so the reply stopped.',
        fix: 'Start over with less: fewer tools, shorter tool results, or a model with a larger window.',
      };
    case 'content-filter':
      return {
        what: 'The provider’s content filter withheld the reply.',
        fix: 'Rephrase the question; if the request is legitimate, check the provider’s content policy.',
      };
    case 'safety':
      return {
        what: 'Gemini’s safety filter stopped the reply.',
        fix: 'Rephrase the question, or, if the content is legitimate, relax the request’s safetySettings.',
      };
    case 'blocklist':
      return { what: 'The reply contained a term on a blocklist, so Gemini stopped it.', fix: 'Rephrase, or review the blocklist set for this project.' };
    case 'prohibited-content':
      return { what: 'Gemini stopped the reply because it may contain prohibited content.', fix: 'Rephrase the question; this filter cannot be turned off.' };
    case 'personal-data':
      return {
        what: 'Gemini stopped the reply because it may contain sensitive personal information.',
        fix: 'Leave personal data out of the question and the tool results.',
      };
    case 'recitation':
      return {
        what: 'Gemini stopped the reply because it repeated published text too closely (recitation).',
        fix: 'Ask for the answer in the model’s own words, for example a summary.',
      };
    case 'prompt-blocked':
      return { what: `The question was blocked before the model answered (${value}): nothing was generated.`, fix: 'Rephrase the question.' };
    case 'malformed-call':
      return {
        what: `The model wrote a tool call the provider would not accept (${value})${message ? `: ${quote(message)}` : ''}.`,
        fix: 'Ask again; if it repeats, simplify the tool’s input schema.',
      };
    case 'language':
      return { what: 'The model does not support the language of the question.', fix: 'Ask in a language the model supports.' };
    case 'paused':
      return {
        what: 'Anthropic paused a long turn (pause_turn) and expects the host to send it back to continue; this host does not continue paused turns.',
        fix: 'Ask again, or ask a simpler question.',
      };
    case 'other':
      return { what: `The provider stopped the reply without a reason it explains (${value}).`, fix: 'Send the question again; if it repeats, rephrase it.' };
    case 'stream-cut':
    case 'body-cut':
    case 'stop-missing':
      return wordInterruption({ ...stop, cause }, label);
    default: {
      const unknownCause: never = cause;
      throw new Error(`Unknown stop cause ${String(unknownCause)}`);
    }
  }
}

const OUTCOME_TITLES: Record<StopOutcome, string> = {
  refused: 'The model refused',
  truncated: 'The reply was cut off',
  blocked: 'The provider blocked the reply',
  failed: 'The reply stopped',
  interrupted: 'The reply did not finish arriving',
};

/** Where the provider said so, for the reply's title: the field and its value, or the end that never came. */
function describeSaid({ cause, path, value, message, arrived }: NamedStop): string {
  if (cause === 'refusal' && message !== undefined) return `${path} holds the model’s words`;
  if (cause === 'stream-cut') return `the stream ended with no ${path}`;
  if (cause === 'body-cut') return `the body stopped before its JSON was whole${arrived?.bytes === undefined ? '' : ` (${plural(arrived.bytes, 'byte')})`}`;
  if (cause === 'stop-missing' && value === 'missing') return `${path} is missing`;
  return `${path} is "${value}"`;
}

/**
 * The last step's words for a reply that ended without a full answer: what happened, why
 * (the provider's own field and value, so the learner can find it in the response), and
 * what to do. The title of the model's stopped reply names the outcome.
 */
export function describeStop({ stop, label }: { stop: NamedStop; label: string }): { replyTitle: string; fault: Fault } {
  const words = wordCause(stop, label);
  const said = describeSaid(stop);
  return {
    replyTitle: stop.outcome === 'interrupted' ? `${OUTCOME_TITLES.interrupted}: ${said}` : `${OUTCOME_TITLES[stop.outcome]}: ${label} says ${said}`,
    fault: { what: words.what, why: words.why ?? `${label} ended the reply with ${said}; the run ends ${stop.outcome}, not complete.`, fix: words.fix },
  };
}
