import { Wllama, type RawCompletionChunk } from '@wllama/wllama';
import wasmUrl from '@wllama/wllama/esm/wasm/wllama.wasm?url';
import type { TabGeneration, TabModelDescription, TabModelRunner, TabModelToken } from '../../lifecycle/index.ts';
import { checkPagePolicyAllowsModel } from './check-page-policy.ts';
import { WLLAMA_LOAD_OPTIONS } from './wllama-load-options.ts';

/**
 * The model in the tab: llama.cpp compiled to WebAssembly (@wllama/wllama), run in a
 * worker on the CPU. Loaded only when the learner chooses a model (this module and its
 * 10 MB of WebAssembly stay off the first page).
 *
 * One thread, on purpose. wllama runs several only where the page is cross-origin isolated
 * (SharedArrayBuffer): besides the COOP the explorer sends, that takes COEP on every page,
 * which a static host such as GitHub Pages cannot send and which makes every cross-origin
 * resource and frame the page loads need CORP or CORS. Measured on these two shared cores in
 * an isolated page (a 100 MB random model), two threads wrote 0.7-1 token/s against 31-36 for
 * one, and loaded in 7 s against 2 s.
 *
 * Content Security Policy (server/node/security-headers.ts): 'wasm-unsafe-eval' in script-src
 * compiles this WebAssembly, and blob: in worker-src lets wllama start its worker from the
 * code it bundles as text. Without them wllama waits forever, so the load asks the page first
 * and says which is missing (check-page-policy.ts; e2e/tab-model.spec.ts).
 */

export type LoadProgress = { stage: 'reading'; loadedBytes: number; totalBytes: number } | { stage: 'loading'; detail: string };

function readTimings(chunk: RawCompletionChunk | undefined, tokens: TabModelToken[], startedAt: number): TabGeneration['timings'] {
  const timings = chunk?.timings;
  const generationMs = timings?.predicted_ms ?? performance.now() - startedAt;
  return {
    promptTokens: (timings?.prompt_n ?? 0) + (timings?.cache_n ?? 0),
    promptMs: timings?.prompt_ms ?? 0,
    generatedTokens: timings?.predicted_n ?? tokens.length,
    generationMs,
    tokensPerSecond: timings?.predicted_per_second ?? (generationMs > 0 ? (tokens.length * 1000) / generationMs : 0),
  };
}

/**
 * Asks for llama.cpp's WebAssembly before wllama does: where it cannot be had, wllama's worker
 * fails inside and the load waits forever. The static site keeps the file only once a page has
 * asked for it (its worker's on-demand files), so a first load offline is where this speaks.
 * The answer's headers are enough: the site's worker keeps the file before it answers, and
 * wllama's own request then comes from that cache (or the HTTP cache, in the served app).
 */
async function checkEngineReachable(): Promise<void> {
  let response: Response;
  try {
    response = await fetch(wasmUrl);
  } catch (error) {
    throw new Error(
      `llama.cpp's WebAssembly (about 10 MB) could not be fetched from this site (${error instanceof Error ? error.message : String(error)}). The static site keeps it for offline use only once a model has been loaded in a tab while online: connect, load a model once, and it works offline from then on.`,
      { cause: error },
    );
  }
  await response.body?.cancel();
  if (!response.ok)
    throw new Error(
      `the site answered HTTP ${response.status} for llama.cpp's WebAssembly (${response.url}): this deployment may be missing the file. Reload the page; if it stays, tell whoever hosts the explorer.`,
    );
}

/** wllama's logger: llama.cpp's own log lines say what stage the load has reached (wllama has no per-layer callback), and its errors are kept. */
function createLogger(onProgress: (progress: LoadProgress) => void, errors: string[]) {
  const readLine = (parts: unknown[]) =>
    parts
      .map(String)
      .join(' ')
      .replace(/^@@\w+@@/, '')
      .trim();
  return {
    debug: (...parts: unknown[]) => {
      const line = readLine(parts);
      if (/load_tensors|llama_context|llama_kv_cache|print_info: n_layer/.test(line)) onProgress({ stage: 'loading', detail: line });
    },
    log: () => {},
    warn: () => {},
    error: (...parts: unknown[]) => {
      errors.push(readLine(parts));
      console.error(...parts);
    },
  };
}

export type LoadedRunner = TabModelRunner & { chatTemplate: string | null; unload: () => Promise<void> };

/** Loads the GGUF into llama.cpp; `signal` cancels (the worker is ended). */
export async function loadWllamaRunner({
  blob,
  name,
  signal,
  onProgress,
}: {
  blob: Blob;
  name: string;
  signal: AbortSignal;
  onProgress: (progress: LoadProgress) => void;
}): Promise<LoadedRunner> {
  await checkPagePolicyAllowsModel();
  await checkEngineReachable();
  // What llama.cpp said went wrong, for the learner: its load reports a failure only in its log.
  const errors: string[] = [];
  const wllama = new Wllama({ default: wasmUrl }, { logger: createLogger(onProgress, errors) });
  const cancel = () => void wllama.exit();
  signal.addEventListener('abort', cancel, { once: true });
  const startedAt = performance.now();
  try {
    await wllama.loadModel([blob], { ...WLLAMA_LOAD_OPTIONS });
  } finally {
    signal.removeEventListener('abort', cancel);
  }
  if (signal.aborted) {
    await wllama.exit();
    throw new DOMException('The learner cancelled loading the model.', 'AbortError');
  }
  // wllama resolves even when llama.cpp refused the file (its answer's success flag goes unread); a model with no
  // vocabulary or context is that refusal.
  const context = wllama.getLoadedContextInfo();
  if (context.n_vocab === 0 || context.n_ctx === 0) {
    await wllama.exit();
    const said = errors.find((line) => /error loading model/.test(line)) ?? errors[0];
    throw new Error(
      `llama.cpp could not load the file${said ? ` (it said: ${said.replace(/^.*?error loading model: /, '')})` : ''}. The file may be cut short or damaged: download it again.`,
    );
  }
  const description: TabModelDescription = {
    name,
    fileBytes: blob.size,
    loadMs: Math.round(performance.now() - startedAt),
    threads: wllama.getNumThreads(),
    engine: `llama.cpp ${Wllama.getLibllamaVersion()} in WebAssembly (@wllama/wllama 3.13.0)`,
  };
  return {
    chatTemplate: wllama.getChatTemplate(),
    describe: () => description,
    unload: () => wllama.exit(),
    async generate({ request, signal: generationSignal, onToken }) {
      const tokens: TabModelToken[] = [];
      let text = '';
      let last: RawCompletionChunk | undefined;
      const generationStart = performance.now();
      await wllama.createCompletion({
        prompt: request.prompt,
        ...(request.grammar === null ? {} : { grammar: request.grammar }),
        max_tokens: request.max_tokens,
        temperature: request.temperature,
        seed: request.seed,
        abortSignal: generationSignal,
        stream: true,
        onData: (chunk: RawCompletionChunk) => {
          last = chunk;
          const piece = chunk.choices[0]?.text ?? '';
          if (piece === '') return;
          const token = { text: piece, at: Math.round(performance.now() - generationStart) };
          tokens.push(token);
          text += piece;
          onToken(token);
        },
      });
      const finishReason = last?.choices[0]?.finish_reason === 'length' ? 'length' : 'stop';
      return { text, finishReason, tokens, timings: readTimings(last, tokens, generationStart) };
    },
  };
}
