import { loadavg } from 'node:os';
import { loadBuiltSides, type LifecycleSides } from './build-lifecycle-sides.ts';
import type { PartOptions } from './bench-options.ts';
import { createFigure, type Figure } from './figures.ts';
import type { EngineLayer } from './run-recorded-lifecycle.ts';
import { startServerProcess } from './start-server-process.ts';
import { computeMedian, computePercentile } from './statistics.ts';

/**
 * Part 2: what the host engine costs over the bare SDK client making the same HTTP
 * exchanges. Engine and bare runs alternate (and swap which goes first each pair), so
 * drift on a shared machine falls on both alike; the server runs in its own process.
 * The figure with the ceiling is the median of the pair ratios: on a shared 2-core machine
 * a burst of load slows one pair, and the median of the ratios shrugs it off, where the
 * ratio of two medians taken apart does not cancel it.
 */

/** What the two sides do, printed with the figures so a reader knows what the ratio compares. */
const COMPARED =
  'the same lifecycle on both sides: initialize (the same client capabilities), notifications/initialized, the GET stream, tools/list, ' +
  "the mock model's tool call, tools/call, the mock model's answer; the engine also records the trace " +
  "(every step, its HTTP exchange, the gates open), the bare side is the SDK's Client with plain fetch";

const PART = 'Lifecycle';
/**
 * Every message through the official SDK's transport and every byte recorded put the floor near 1.2× (the analysis in
 * bench/README.md), so the figure is reported and kept from growing: a ceiling, not the 1.15× once aimed at (issue 44).
 */
const ENGINE_CEILING = { comparison: '<=', limit: 1.3 } as const;

/** One run's wall time, and the CPU this process spent on it (the server's is in its own process, the same for both sides). */
type RunCost = { elapsedMs: number; cpuMs: number };

async function measureRun(run: () => Promise<void>): Promise<RunCost> {
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  await run();
  const cpu = process.cpuUsage(cpuStarted);
  return { elapsedMs: performance.now() - started, cpuMs: (cpu.user + cpu.system) / 1000 };
}

function timeEngineRun(sides: LifecycleSides, serverUrl: string): Promise<RunCost> {
  return measureRun(async () => {
    const problem = sides.checkEngineAnswer(await sides.runEngineLifecycle({ serverUrl }));
    if (problem) throw new Error(`An engine lifecycle went wrong: ${problem}.`);
  });
}

function timeBareRun(sides: LifecycleSides, serverUrl: string): Promise<RunCost> {
  return measureRun(async () => {
    const answer = await sides.runBareLifecycle({ serverUrl, question: sides.BENCH_QUESTION, model: sides.MOCK_MODEL });
    if (answer !== sides.EXPECTED_ANSWER) throw new Error(`A bare lifecycle answered ${JSON.stringify(answer)}.`);
  });
}

function timeLayerRun(sides: LifecycleSides, serverUrl: string, layer: EngineLayer): Promise<RunCost> {
  return measureRun(async () => {
    const answer = await sides.runRecordedLifecycle({ serverUrl, layer });
    if (answer !== sides.EXPECTED_ANSWER) throw new Error(`A lifecycle with the engine's ${layer} answered ${JSON.stringify(answer)}.`);
  });
}

/** One pair of runs, `measured` first in even pairs and `baseline` first in odd ones, so drift falls on both alike; given back as [measured, baseline]. */
async function timePair(index: number, measured: () => Promise<RunCost>, baseline: () => Promise<RunCost>): Promise<[RunCost, RunCost]> {
  if (index % 2 === 0) return [await measured(), await baseline()];
  const baselineRun = await baseline();
  return [await measured(), baselineRun];
}

/** Where the engine's cost sits: each layer put back alone into the bare lifecycle, its median pair ratio against the bare one. */
async function measureLayers({ sides, serverUrl, pairs }: { sides: LifecycleSides; serverUrl: string; pairs: number }): Promise<Record<EngineLayer, number>> {
  const ratios: Record<EngineLayer, number[]> = { recorder: [], traffic: [] };
  for (let index = 0; index < pairs; index++) {
    for (const layer of ['recorder', 'traffic'] as const) {
      const [layerRun, bareRun] = await timePair(
        index,
        () => timeLayerRun(sides, serverUrl, layer),
        () => timeBareRun(sides, serverUrl),
      );
      ratios[layer].push(layerRun.elapsedMs / bareRun.elapsedMs);
    }
  }
  return { recorder: computeMedian(ratios.recorder), traffic: computeMedian(ratios.traffic) };
}

/** Engine and bare lifecycles, warmed up, then timed in interleaved pairs. */
async function measurePairs({
  sides,
  serverUrl,
  pairs,
  warmUp,
}: {
  sides: LifecycleSides;
  serverUrl: string;
  pairs: number;
  warmUp: number;
}): Promise<{ engineRuns: RunCost[]; bareRuns: RunCost[] }> {
  for (let index = 0; index < warmUp; index++) {
    await timeEngineRun(sides, serverUrl);
    await timeBareRun(sides, serverUrl);
  }
  const engineRuns: RunCost[] = [];
  const bareRuns: RunCost[] = [];
  for (let index = 0; index < pairs; index++) {
    const [engineRun, bareRun] = await timePair(
      index,
      () => timeEngineRun(sides, serverUrl),
      () => timeBareRun(sides, serverUrl),
    );
    engineRuns.push(engineRun);
    bareRuns.push(bareRun);
  }
  return { engineRuns, bareRuns };
}

export async function measureLifecycleCost({ quick, log }: PartOptions): Promise<Figure[]> {
  const pairs = quick ? 60 : 400;
  const warmUp = quick ? 20 : 60;
  const built = await loadBuiltSides();
  const server = await startServerProcess();
  try {
    const loadBefore = loadavg()[0]!;
    const { engineRuns, bareRuns } = await measurePairs({ sides: built, serverUrl: server.url, pairs, warmUp });
    const layers = await measureLayers({ sides: built, serverUrl: server.url, pairs: quick ? 30 : 200 });
    const engine = engineRuns.map((run) => run.elapsedMs);
    const bare = bareRuns.map((run) => run.elapsedMs);
    // CPU time moves far less with the machine's load than wall time: it says what the engine's own work costs.
    const cpuRatios = engineRuns.map((run, index) => run.cpuMs / bareRuns[index]!.cpuMs);
    // The ratio within each adjacent pair cancels drift: its median carries the budget, its quartiles say how sure it is.
    const pairRatios = engine.map((time, index) => time / bare[index]!);
    // The mean is shown beside the median only to compare with figures read that way; a burst of load pulls it.
    const meanRatio = pairRatios.reduce((sum, ratio) => sum + ratio, 0) / pairRatios.length;
    // A shared machine's load moves these figures: it is printed beside them, from the start and the end of the timed runs.
    const load = `load ${loadBefore.toFixed(1)}→${loadavg()[0]!.toFixed(1)}`;
    log(`  Compared: ${COMPARED}.`);
    log(
      `  ${pairs} engine and ${pairs} bare lifecycles, interleaved in pairs (which goes first alternates), after ${warmUp} warm-up pairs; both sides bundled as the package bundles the engine`,
    );
    return [
      createFigure({
        part: PART,
        name: 'Engine lifecycle, median',
        value: computeMedian(engine),
        unit: 'ms',
        note: `p95 ${computePercentile(engine, 95).toFixed(1)} ms; ${pairs} runs; ${load}`,
      }),
      createFigure({
        part: PART,
        name: 'Bare SDK + fetch lifecycle, median',
        value: computeMedian(bare),
        unit: 'ms',
        note: `p95 ${computePercentile(bare, 95).toFixed(1)} ms; same HTTP exchanges; ${load}`,
      }),
      createFigure({
        part: PART,
        name: 'Engine / bare, median of pair ratios',
        value: computeMedian(pairRatios),
        unit: '×',
        budget: ENGINE_CEILING,
        note: `a ceiling, not a goal: the floor under the design is about 1.2× (bench/README.md); quartiles ${computePercentile(pairRatios, 25).toFixed(2)}–${computePercentile(pairRatios, 75).toFixed(2)}; mean ${meanRatio.toFixed(2)}; ${pairs} pairs; ${load}`,
      }),
      createFigure({
        part: PART,
        name: 'Engine / bare, client CPU, median of pair ratios',
        value: computeMedian(cpuRatios),
        unit: '×',
        note: `CPU of this process per lifecycle: engine ${computeMedian(engineRuns.map((run) => run.cpuMs)).toFixed(1)} ms, bare ${computeMedian(bareRuns.map((run) => run.cpuMs)).toFixed(1)} ms; ${load}`,
      }),
      createFigure({
        part: PART,
        name: 'Engine / bare, ratio of medians',
        value: computeMedian(engine) / computeMedian(bare),
        unit: '×',
        note: `the two medians taken apart; ${load}`,
      }),
      createFigure({
        part: PART,
        name: 'Recording fetch alone / bare, median of pair ratios',
        value: layers.recorder,
        unit: '×',
        note: "the bare lifecycle through the engine's recording fetch: every exchange recorded, no steps",
      }),
      createFigure({
        part: PART,
        name: 'Recording fetch and MCP steps / bare, median of pair ratios',
        value: layers.traffic,
        unit: '×',
        note: "also the MCP traffic made into steps (classifier, trace writer, traceparent, open gate); the rest of the engine's ratio is the host's own steps and translations",
      }),
    ];
  } finally {
    await server.stop();
  }
}
