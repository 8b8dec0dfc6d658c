import type { Fault } from '../trace/trace.ts';
import type { StopCause, StopOutcome } from '../trace/stop-causes.ts';

/** A stop as a reader named it (src/providers ReplyStop, less `finished`). */
export type NamedStop = { outcome: StopOutcome; cause: StopCause; path: string; value: string; message?: string };

type Words = { what: string; fix: string; why?: string };

function quote(text: string, length = 160): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return `“${oneLine.length > length ? `${oneLine.slice(0, length)}…` : oneLine}”`;
}

/** What each cause means for the learner and what to do about it; the why names the field. */
function wordCause({ cause, message, value }: NamedStop): Words {
  switch (cause) {
    case 'refusal':
      return {
        what: message ? `The model refused to answer: ${quote(message)}` : 'The model refused to answer.',
        fix: 'Rephrase the question. A refusal is the model’s decision, so the same request usually gets the same refusal.',
      };
    case 'token-limit':
      return { what: 'The reply was cut off by the token limit: only part of the answer arrived.', fix: 'Raise the token limit (max_tokens, max_output_tokens, maxOutputTokens or num_predict), or ask for a shorter answer.' };
    case 'tool-call-cut':
      return {
        what: 'The token limit cut the model off while it was writing a tool call, so its arguments are incomplete and the host runs nothing.',
        fix: 'Raise the token limit so the whole call fits, then ask again.',
      };
    case 'context-window':
      return { what: 'The conversation filled the model’s context window, so the reply stopped.', fix: 'Start over with less: fewer tools, shorter tool results, or a model with a larger window.' };
    case 'content-filter':
      return { what: 'The provider’s content filter withheld the reply.', fix: 'Rephrase the question; if the request is legitimate, check the provider’s content policy.' };
    case 'safety':
      return { what: 'Gemini’s safety filter stopped the reply.', fix: 'Rephrase the question, or, if the content is legitimate, relax the request’s safetySettings.' };
    case 'blocklist':
      return { what: 'The reply contained a term on a blocklist, so Gemini stopped it.', fix: 'Rephrase, or review the blocklist set for this project.' };
    case 'prohibited-content':
      return { what: 'Gemini stopped the reply because it may contain prohibited content.', fix: 'Rephrase the question; this filter cannot be turned off.' };
    case 'personal-data':
      return { what: 'Gemini stopped the reply because it may contain sensitive personal information.', fix: 'Leave personal data out of the question and the tool results.' };
    case 'recitation':
      return { what: 'Gemini stopped the reply because it repeated published text too closely (recitation).', fix: 'Ask for the answer in the model’s own words, for example a summary.' };
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
};

/**
 * The last step's words for a reply that ended without a full answer: what happened, why
 * (the provider's own field and value, so the learner can find it in the response), and
 * what to do. The title of the model's stopped reply names the outcome.
 */
export function describeStop({ stop, label }: { stop: NamedStop; label: string }): { replyTitle: string; fault: Fault } {
  const words = wordCause(stop);
  const said = stop.cause === 'refusal' && stop.message !== undefined ? `${stop.path} holds the model’s words` : `${stop.path} is "${stop.value}"`;
  return {
    replyTitle: `${OUTCOME_TITLES[stop.outcome]}: ${label} says ${said}`,
    fault: { what: words.what, why: words.why ?? `${label} ended the reply with ${said}; the run ends ${stop.outcome}, not complete.`, fix: words.fix },
  };
}
