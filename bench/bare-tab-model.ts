import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Browser } from '@playwright/test';
import { z } from 'zod';
import type { TabModelRequest } from '../src/providers/chat-template/tab-model-request.ts';
import { WLLAMA_LOAD_OPTIONS } from '../src/store/tab-model/wllama-load-options.ts';
import { openContext } from './launch-browser.ts';
import { serveStaticDirectory } from './serve-static-directory.ts';

/**
 * The model in the tab's reference: wllama alone in a bare page (no app, no React, no steps),
 * loading the same GGUF with the same options (WLLAMA_LOAD_OPTIONS) and writing from the same
 * requests the app's run sent (its prompt, grammar, length, temperature and seed), streamed as
 * the app streams them. What the explorer adds around llama.cpp is the difference.
 */

const require = createRequire(import.meta.url);

export const WllamaAloneSchema = z.object({
  loadMs: z.number(),
  generations: z.array(z.object({ promptTokens: z.number(), promptMs: z.number(), tokensPerSecond: z.number(), generatedTokens: z.number() })),
});
export type WllamaAlone = z.infer<typeof WllamaAloneSchema>;

const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>wllama alone</title></head>
<body><p>wllama alone</p>
<script type="module">
import { Wllama } from './wllama.js';
window.runWllamaAlone = async ({ loadOptions, requests }) => {
  const quiet = () => {};
  const wllama = new Wllama({ default: new URL('./wllama.wasm', location.href).href }, { logger: { debug: quiet, log: quiet, warn: quiet, error: console.error } });
  const blob = await (await fetch('./model.gguf')).blob();
  const started = performance.now();
  await wllama.loadModel([blob], loadOptions);
  const loadMs = performance.now() - started;
  const generations = [];
  for (const request of requests) {
    let last;
    await wllama.createCompletion({
      prompt: request.prompt,
      ...(request.grammar === null ? {} : { grammar: request.grammar }),
      max_tokens: request.max_tokens,
      temperature: request.temperature,
      seed: request.seed,
      stream: true,
      onData: (chunk) => { last = chunk; },
    });
    const timings = last?.timings ?? {};
    generations.push({
      promptTokens: (timings.prompt_n ?? 0) + (timings.cache_n ?? 0),
      promptMs: timings.prompt_ms ?? 0,
      tokensPerSecond: timings.predicted_per_second ?? 0,
      generatedTokens: timings.predicted_n ?? 0,
    });
  }
  await wllama.exit();
  return { loadMs, generations };
};
document.title = 'ready';
</script></body></html>`;

/** Loads the model in a fresh bare page and runs the requests, in order; the page is served by a plain static server. */
export async function runWllamaAlone(browser: Browser, { modelFile, requests }: { modelFile: string; requests: TabModelRequest[] }): Promise<WllamaAlone> {
  const directory = await mkdtemp(join(tmpdir(), 'wllama-alone-'));
  const esm = dirname(require.resolve('@wllama/wllama/esm/index.js'));
  await Promise.all([
    copyFile(join(esm, 'index.js'), join(directory, 'wllama.js')),
    copyFile(join(esm, 'wasm', 'wllama.wasm'), join(directory, 'wllama.wasm')),
    copyFile(modelFile, join(directory, 'model.gguf')),
    writeFile(join(directory, 'index.html'), PAGE),
  ]);
  const site = await serveStaticDirectory(directory);
  const context = await openContext(browser);
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(120_000);
    await page.goto(`${site.url}/`);
    await page.waitForFunction(() => document.title === 'ready');
    const result: unknown = await page.evaluate(
      (input) => (window as unknown as { runWllamaAlone: (input: unknown) => Promise<unknown> }).runWllamaAlone(input),
      { loadOptions: WLLAMA_LOAD_OPTIONS, requests },
    );
    return WllamaAloneSchema.parse(result);
  } finally {
    await context.close();
    await site.close();
    await rm(directory, { recursive: true, force: true });
  }
}
