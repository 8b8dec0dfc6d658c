import { TabModelRequestSchema, type TabModelRequest, ProviderReplyError, type WireAdapter } from '../providers/index.ts';
import type { Phase } from '../trace/index.ts';
import { HostFault, RunAborted } from './faults.ts';
import type { ProviderResponse } from './provider-call.ts';

/**
 * The model in the learner's own tab, as the engine sees it: a runner that turns a prompt
 * into text, token by token, behind an interface like the provider call's. The engine
 * stays pure: the browser's runner (llama.cpp compiled to WebAssembly, in a worker) lives
 * in src/store, and nothing here sends an HTTP request.
 */

/** One token as it arrived: its text and when (ms since the generation began). */
export type TabModelToken = { text: string; at: number };

export type TabModelTimings = {
  /** Tokens of the prompt the model read (llama.cpp's count), and how long reading them took. */
  promptTokens: number;
  promptMs: number;
  generatedTokens: number;
  generationMs: number;
  tokensPerSecond: number;
};

export type TabGeneration = { text: string; finishReason: 'stop' | 'length'; tokens: TabModelToken[]; timings: TabModelTimings };

/** Where and how the model runs, said on every step it takes part in. */
export type TabModelDescription = {
  name: string;
  fileBytes: number;
  loadMs: number;
  threads: number;
  engine: string;
};

export type TabModelRunner = {
  describe(): TabModelDescription;
  generate(input: { request: TabModelRequest; signal: AbortSignal; onToken: (token: TabModelToken) => void }): Promise<TabGeneration>;
};

/** The runner and the chat template's translations, chosen together when the learner loads a model. */
export type TabModel = { runner: TabModelRunner; adapter: WireAdapter };

const WHERE = 'this tab: llama.cpp compiled to WebAssembly, on the CPU';

function explainTabFailure(what: string, why: string): { what: string; why: string; fix: string } {
  return {
    what,
    why,
    fix: 'Press Next to hand the model the same prompt again, or Reset to start over; a model that keeps failing can be loaded again in the model settings.',
  };
}

/**
 * The text so far is shown at most this often while the model writes, from its start. Each showing re-renders the page, and wllama's
 * page asks its worker for every next token, so a showing per token held the writing back: the call was written at
 * 0.43 to 0.75× the speed of wllama alone in a bare page, and 0.74 to 1.39× shown this often (npm run bench, the tiny
 * model, a quiet machine, 2026-12-05).
 */
export const SHOW_TEXT_EVERY_MS = 50;

/** Hands the prompt to the model in the tab and reads its text as the adapter's reply. */
export async function callTabModel(input: {
  model: TabModel;
  body: unknown;
  signal: AbortSignal;
  phase: Phase;
  onText: (text: string) => void;
  /** The clock the showings are spaced by (ms); Date.now unless a test gives its own. */
  now?: () => number;
}): Promise<ProviderResponse> {
  const { model, phase } = input;
  const parsed = TabModelRequestSchema.safeParse(input.body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new HostFault(
      explainTabFailure(
        'The prompt for the model in this tab is not one it can take.',
        `${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'unexpected shape'} (it needs prompt, grammar, max_tokens, temperature and seed).`,
      ),
      phase,
    );
  }
  let text = '';
  // The first showing too waits its turn: a short reply is written whole before the page could show a part of it.
  const now = input.now ?? Date.now;
  let shownAt = now();
  let shown = '';
  let generation: TabGeneration;
  try {
    generation = await model.runner.generate({
      request: parsed.data,
      signal: input.signal,
      onToken: (token) => {
        text += token.text;
        const at = now();
        if (at - shownAt < SHOW_TEXT_EVERY_MS) return;
        shownAt = at;
        shown = text;
        input.onText(text);
      },
    });
    if (shown !== text) input.onText(text);
  } catch (error) {
    if (input.signal.aborted) throw new RunAborted();
    const why = error instanceof Error ? error.message : String(error);
    throw new HostFault(explainTabFailure('The model in this tab failed while writing its reply.', `llama.cpp said: ${why}`), phase);
  }
  const description = model.runner.describe();
  const body = {
    text: generation.text,
    finish_reason: generation.finishReason,
    tokens: generation.tokens,
    timings: generation.timings,
    ranIn: `${WHERE}, ${description.threads === 1 ? 'one thread' : `${description.threads} threads`}`,
    model: description,
    http: 'none: the model ran in this tab, no HTTP request was made',
  };
  try {
    return { reply: model.adapter.readResponse({ body }), body, reasoning: undefined };
  } catch (error) {
    if (!(error instanceof ProviderReplyError)) throw error;
    throw new HostFault(explainTabFailure("The model's text could not be read.", error.message), phase);
  }
}
