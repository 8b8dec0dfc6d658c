import { createFigure, type Figure } from './figures.ts';
import { runBareLifecycle } from './run-bare-lifecycle.ts';
import { BENCH_QUESTION, EXPECTED_ANSWER, MOCK_MODEL, checkEngineAnswer, runEngineLifecycle } from './run-engine-lifecycle.ts';
import { startServerProcess } from './start-server-process.ts';
import { computeMedian, computePercentile } from './statistics.ts';

/**
 * Part 2: what the host engine costs over the bare SDK client making the same HTTP
 * exchanges. Engine and bare runs alternate (and swap which goes first each pair), so
 * drift on a shared machine falls on both alike; the server runs in its own process.
 */

const PART = 'Lifecycle';

async function timeEngineRun(serverUrl: string): Promise<number> {
  const started = performance.now();
  const trace = await runEngineLifecycle({ serverUrl });
  const elapsed = performance.now() - started;
  const problem = checkEngineAnswer(trace);
  if (problem) throw new Error(`An engine lifecycle went wrong: ${problem}.`);
  return elapsed;
}

async function timeBareRun(serverUrl: string): Promise<number> {
  const started = performance.now();
  const answer = await runBareLifecycle({ serverUrl, question: BENCH_QUESTION, model: MOCK_MODEL });
  const elapsed = performance.now() - started;
  if (answer !== EXPECTED_ANSWER) throw new Error(`A bare lifecycle answered ${JSON.stringify(answer)}.`);
  return elapsed;
}

export async function measureLifecycleCost({ quick, log }: { quick: boolean; log: (line: string) => void }): Promise<Figure[]> {
  const pairs = quick ? 60 : 400;
  const warmUp = quick ? 20 : 60;
  const server = await startServerProcess();
  try {
    for (let index = 0; index < warmUp; index++) {
      await timeEngineRun(server.url);
      await timeBareRun(server.url);
    }
    const engine: number[] = [];
    const bare: number[] = [];
    for (let index = 0; index < pairs; index++) {
      if (index % 2 === 0) {
        engine.push(await timeEngineRun(server.url));
        bare.push(await timeBareRun(server.url));
      } else {
        bare.push(await timeBareRun(server.url));
        engine.push(await timeEngineRun(server.url));
      }
    }
    // The ratio within each adjacent pair cancels drift too: reported beside the ratio of medians.
    const pairRatios = engine.map((time, index) => time / bare[index]!);
    log(`  ${pairs} engine and ${pairs} bare lifecycles, interleaved, after ${warmUp} warm-up pairs`);
    return [
      createFigure({ part: PART, name: 'Engine lifecycle, median', value: computeMedian(engine), unit: 'ms', note: `p95 ${computePercentile(engine, 95).toFixed(1)} ms; ${pairs} runs` }),
      createFigure({ part: PART, name: 'Bare SDK + fetch lifecycle, median', value: computeMedian(bare), unit: 'ms', note: `p95 ${computePercentile(bare, 95).toFixed(1)} ms; same HTTP exchanges` }),
      createFigure({
        part: PART,
        name: 'Engine / bare, ratio of medians',
        value: computeMedian(engine) / computeMedian(bare),
        unit: '×',
        budget: { comparison: '<=', limit: 1.2 },
        note: `median of the ${pairs} pair ratios ${computeMedian(pairRatios).toFixed(2)}`,
      }),
    ];
  } finally {
    await server.stop();
  }
}
