import { rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Browser } from '@playwright/test';
import { loadTabModel, openApp, readPayloadsOf, runToEnd, writeTinyModelFile } from '../e2e/helpers.ts';
import { TabModelRequestSchema, type TabModelRequest } from '../src/providers/chat-template/tab-model-request.ts';
import { runWllamaAlone } from './bare-tab-model.ts';
import type { PagePartOptions } from './bench-options.ts';
import { createFigure, type Figure } from './figures.ts';
import { openContext } from './launch-browser.ts';
import { computeMedian } from './statistics.ts';

const PART = 'Model in the tab';
/**
 * Against wllama alone in a bare page (bare-tab-model.ts), in the same run: the load at most 1.5× its time, the call's
 * writing (70 tokens under the grammar) at least 0.75× its speed. Times on the tiny model are no promise for a real one;
 * what the explorer adds around llama.cpp is.
 */
const TAB_MODEL_BUDGETS = { load: { comparison: '<=', limit: 1.5 }, writing: { comparison: '>=', limit: 0.75 } } as const;

type OutputPayload = {
  timings: { promptTokens: number; promptMs: number; generatedTokens: number; tokensPerSecond: number };
  model: { loadMs: number; threads: number };
};

/**
 * The model in the tab on the test suite's tiny GGUF (random weights, two layers, 64 wide:
 * tests/helpers/write-tiny-gguf.ts): how long llama.cpp in WebAssembly takes to load it
 * (the wasm compile and the worker's start included), and its speed reading the prompt and
 * writing, under the tool grammar (the call) and free (the answer). One thread, on the CPU.
 * Each run is a fresh page: the whole lifecycle, as a learner runs it.
 */
type Sample = { loadMs: number; promptTokensPerSecond: number; callTokensPerSecond: number; answerTokensPerSecond: number };

/** The speeds wllama reports for a generation: prompt tokens read a second, and tokens written a second. */
const readSpeeds = (generation: { promptTokens: number; promptMs: number; tokensPerSecond: number }) => ({
  prompt: (generation.promptTokens * 1000) / Math.max(generation.promptMs, 1),
  written: generation.tokensPerSecond,
});

/** One whole lifecycle in a fresh page of the app, and the two requests it sent the model (the call's and the answer's). */
async function runInApp(
  browser: Browser,
  appUrl: string,
  file: string,
): Promise<{ sample: Sample; requests: TabModelRequest[]; written: { call: number; answer: number } }> {
  const context = await openContext(browser);
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(120_000);
    await openApp(page, appUrl);
    await loadTabModel(page, file);
    await runToEnd(page);
    const [call] = (await readPayloadsOf(page, 'tab-model.output.tool-calls')) as OutputPayload[];
    const [answer] = (await readPayloadsOf(page, 'tab-model.output.answer')) as OutputPayload[];
    if (!call || !answer) throw new Error('The tiny model did not write a call and an answer.');
    const requests = [...(await readPayloadsOf(page, 'tab-model.prompt')), ...(await readPayloadsOf(page, 'tab-model.prompt-with-results'))].map((payload) =>
      TabModelRequestSchema.parse(payload),
    );
    const sample = {
      loadMs: call.model.loadMs,
      promptTokensPerSecond: readSpeeds(call.timings).prompt,
      callTokensPerSecond: call.timings.tokensPerSecond,
      answerTokensPerSecond: answer.timings.tokensPerSecond,
    };
    return { sample, requests, written: { call: call.timings.generatedTokens, answer: answer.timings.generatedTokens } };
  } finally {
    await context.close();
  }
}

export async function measureTabModel({ browser, appUrl, quick, log }: PagePartOptions): Promise<Figure[]> {
  const file = await writeTinyModelFile();
  const samples: Sample[] = [];
  const alone: Sample[] = [];
  let answerTokens = 0;
  try {
    // Interleaved, the app then wllama alone on the requests the app sent, so the machine's load falls on both alike.
    for (let run = 0; run < (quick ? 1 : 3); run++) {
      const { sample, requests, written } = await runInApp(browser, appUrl, file);
      const bare = await runWllamaAlone(browser, { modelFile: file, requests });
      const [call, answer] = bare.generations;
      if (!call || !answer) throw new Error(`wllama alone wrote ${bare.generations.length} of the app's 2 generations.`);
      samples.push(sample);
      answerTokens = written.answer;
      alone.push({
        loadMs: bare.loadMs,
        promptTokensPerSecond: readSpeeds(call).prompt,
        callTokensPerSecond: call.tokensPerSecond,
        answerTokensPerSecond: answer.tokensPerSecond,
      });
      log(
        `  run ${run + 1}: load ${sample.loadMs} ms (alone ${bare.loadMs.toFixed(0)}), call ${sample.callTokensPerSecond.toFixed(1)} tokens/s (alone ${call.tokensPerSecond.toFixed(1)}), answer ${sample.answerTokensPerSecond.toFixed(1)} tokens/s (alone ${answer.tokensPerSecond.toFixed(1)}); tokens written: call ${written.call} (alone ${call.generatedTokens}), answer ${written.answer} (alone ${answer.generatedTokens})`,
      );
    }
  } finally {
    await rm(dirname(file), { recursive: true, force: true });
  }
  const middle = (pick: (sample: Sample) => number) => computeMedian(samples.map(pick));
  const pairRatio = (pick: (sample: Sample) => number) => computeMedian(samples.map((sample, index) => pick(sample) / pick(alone[index]!)));
  const aloneMiddle = (pick: (sample: Sample) => number) => computeMedian(alone.map(pick));
  const note = `tiny random llama (~385 kB GGUF), one thread, median of ${samples.length}`;
  const ratioNote = (pick: (sample: Sample) => number, unit: string) =>
    `median of ${samples.length} pairs' ratios; wllama alone ${aloneMiddle(pick).toFixed(0)} ${unit}, in a bare page on the requests the app's run sent`;
  return [
    createFigure({ part: PART, name: 'Load (wasm compile, worker, model)', value: middle((sample) => sample.loadMs), unit: 'ms', note }),
    createFigure({
      part: PART,
      name: 'Load, ours / wllama alone',
      value: pairRatio((sample) => sample.loadMs),
      unit: '×',
      budget: TAB_MODEL_BUDGETS.load,
      note: ratioNote((sample) => sample.loadMs, 'ms'),
    }),
    createFigure({ part: PART, name: 'Prompt reading', value: middle((sample) => sample.promptTokensPerSecond), unit: 'tokens/s', note }),
    createFigure({ part: PART, name: 'Writing the call, under the grammar', value: middle((sample) => sample.callTokensPerSecond), unit: 'tokens/s', note }),
    createFigure({
      part: PART,
      name: 'Writing the call, ours / wllama alone',
      value: pairRatio((sample) => sample.callTokensPerSecond),
      unit: '×',
      budget: TAB_MODEL_BUDGETS.writing,
      note: ratioNote((sample) => sample.callTokensPerSecond, 'tokens/s'),
    }),
    createFigure({ part: PART, name: 'Writing the answer, free', value: middle((sample) => sample.answerTokensPerSecond), unit: 'tokens/s', note }),
    createFigure({
      part: PART,
      name: 'Writing the answer, ours / wllama alone',
      value: pairRatio((sample) => sample.answerTokensPerSecond),
      unit: '×',
      note: `${ratioNote((sample) => sample.answerTokensPerSecond, 'tokens/s')}; no budget: the tiny model's answer is ${answerTokens} tokens, a few milliseconds that any frame of the page's moves`,
    }),
  ];
}
