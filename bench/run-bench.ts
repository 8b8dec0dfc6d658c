import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, freemem, loadavg, platform, release, totalmem, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from '@playwright/test';
import { parseBenchOptions, PART_NAMES, type PartName } from './bench-options.ts';
import { createUnmeasuredFigure, formatFiguresTable, type Figure } from './figures.ts';
import { launchBrowser } from './launch-browser.ts';
import { measureAppView } from './measure-app-view.ts';
import { measureClass } from './measure-class.ts';
import { measureFirstLoad } from './measure-first-load.ts';
import { measureLargeImport } from './measure-large-import.ts';
import { measureLargeResult } from './measure-large-result.ts';
import { measureManyTools } from './measure-many-tools.ts';
import { measurePlay } from './measure-play.ts';
import { measureLifecycleCost } from './measure-lifecycle-cost.ts';
import { measureLoad } from './measure-load.ts';
import { measureServer } from './measure-server.ts';
import { measureStaticVisit } from './measure-static-visit.ts';
import { measureStreamReassembly } from './measure-stream-reassembly.ts';
import { measureStreamedPlayback, recordStreamedTrace } from './measure-streamed-playback.ts';
import { measureUi } from './measure-ui.ts';
import { measureTabModel } from './measure-tab-model.ts';
import { formatRunHeading, writeReadmeTable } from './readme-table.ts';
import { recordLargeResultTrace, recordLongTrace } from './record-traces.ts';
import { startServerProcess } from './start-server-process.ts';

/**
 * `npm run bench`: every part in turn, a table on stdout and bench/results.json. A part
 * that fails is reported as not measured with its reason and the others still run,
 * because one broken measurement should not hide the rest.
 */

const DIST_DIRECTORY = fileURLToPath(new URL('../dist', import.meta.url));
const STATIC_DIRECTORY = fileURLToPath(new URL('../dist-static', import.meta.url));
const ROOT_DIRECTORY = fileURLToPath(new URL('..', import.meta.url));
const RESULTS_PATH = fileURLToPath(new URL('./results.json', import.meta.url));
const README_PATH = fileURLToPath(new URL('./README.md', import.meta.url));
/** 49 tool rounds of the relentless mock make a real trace of about 500 steps. */
const LONG_TRACE_ROUNDS = 49;
/** 180 rounds make about 1,800 steps and 16 MB: the longest real run under the importer's 20 MB (a run grows with the square of its rounds). */
const LARGE_IMPORT_ROUNDS = 180;
/** 40 rounds, about 400 steps: the same steps as the large trace's first 400, so Next over its first steps is the large trace's reference. */
const REFERENCE_IMPORT_ROUNDS = 40;

const log = (line: string) => console.log(line);
const options = parseBenchOptions(process.argv.slice(2));

function describeMachine() {
  const processors = cpus();
  return {
    platform: `${platform()} ${release()}`,
    cpu: processors[0]?.model.trim() ?? 'unknown',
    cores: processors.length,
    memoryGigabytes: Math.round(totalmem() / 1e9),
    freeMemoryGigabytes: Math.round(freemem() / 1e9),
    node: process.version,
  };
}

let browser: Browser | undefined;
const openBrowser = async () => (browser ??= await launchBrowser());

const PAGE_PARTS: readonly PartName[] = ['ui', 'play', 'large-import', 'large-result', 'many-tools', 'streamed-reply', 'app-view'];
const isPagePart = (part: PartName) => PAGE_PARTS.includes(part);

/** One part's figures, or, when it fails, a figure that says it was not measured and why: one broken measurement hides no other. */
async function measureOrReport(part: PartName, measure: () => Promise<Figure[]>): Promise<Figure[]> {
  try {
    return await measure();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    log(`  NOT MEASURED: ${part}. ${reason}`);
    return [createUnmeasuredFigure({ part, name: 'the whole part', unit: '', note: reason.split('\n')[0]!.slice(0, 200) })];
  }
}

/** The parts that drive the page share one app server and its recordings' folder; each is measured, or reported, on its own. */
async function measurePageParts(parts: PartName[]): Promise<Figure[]> {
  const folder = await mkdtemp(join(tmpdir(), 'explorer-bench-'));
  const app = await startServerProcess({ staticDirectory: DIST_DIRECTORY });
  const measures: Record<string, { title: string; measure: () => Promise<Figure[]> }> = {
    ui: {
      title: 'UI on a long trace',
      measure: async () =>
        measureUi({
          browser: await openBrowser(),
          appUrl: app.url,
          trace: await recordLongTrace({ serverUrl: app.url, folder, maxToolRounds: LONG_TRACE_ROUNDS }),
          quick: options.quick,
          log,
        }),
    },
    play: {
      title: 'Play through the canonical lifecycle',
      measure: async () => measurePlay({ browser: await openBrowser(), appUrl: app.url, quick: options.quick, log }),
    },
    'large-import': {
      title: 'UI on the longest importable real trace',
      measure: async () => {
        const trace = await recordLongTrace({ serverUrl: app.url, folder, maxToolRounds: LARGE_IMPORT_ROUNDS, fileName: 'large-import-trace.json' });
        const referenceTrace = await recordLongTrace({
          serverUrl: app.url,
          folder,
          maxToolRounds: REFERENCE_IMPORT_ROUNDS,
          fileName: 'reference-import-trace.json',
        });
        return measureLargeImport({ browser: await openBrowser(), appUrl: app.url, trace, referenceTrace, quick: options.quick, log });
      },
    },
    'large-result': {
      title: 'UI with a 1 MB tool result',
      measure: async () =>
        measureLargeResult({
          browser: await openBrowser(),
          appUrl: app.url,
          trace: await recordLargeResultTrace({ serverUrl: app.url, folder }),
          quick: options.quick,
          log,
        }),
    },
    'many-tools': {
      title: 'UI with a 10,000-tool server',
      measure: async () => measureManyTools({ browser: await openBrowser(), appUrl: app.url, quick: options.quick, log }),
    },
    'streamed-reply': {
      title: 'UI with a streamed reply of 5,000 frames',
      measure: async () =>
        measureStreamedPlayback({
          browser: await openBrowser(),
          appUrl: app.url,
          trace: await recordStreamedTrace({ serverUrl: app.url, folder }),
          quick: options.quick,
          log,
        }),
    },
    'app-view': {
      title: 'UI with a tool’s view (MCP Apps)',
      measure: async () => measureAppView({ browser: await openBrowser(), appUrl: app.url, quick: options.quick, log }),
    },
  };
  const figures: Figure[] = [];
  try {
    for (const part of PAGE_PARTS.filter((name) => parts.includes(name))) {
      const entry = measures[part];
      if (!entry) throw new Error(`No page measurement for part ${part}.`);
      log(entry.title);
      figures.push(...(await measureOrReport(part, entry.measure)));
    }
  } finally {
    await app.stop();
    await rm(folder, { recursive: true, force: true });
  }
  return figures;
}

/** npm run bench builds dist/; the static site is built here, once, only when a part measures it. */
let staticSiteBuilt = false;
function buildStaticSite() {
  if (staticSiteBuilt) return;
  execFileSync('npx', ['vite', 'build', '--config', 'vite.static.config.ts', '--logLevel', 'warn'], { cwd: ROOT_DIRECTORY, stdio: 'inherit' });
  staticSiteBuilt = true;
}

async function measurePart(part: PartName): Promise<Figure[]> {
  switch (part) {
    case 'first-load':
      log('First load');
      buildStaticSite();
      return (
        await measureFirstLoad({ browser: await openBrowser(), quick: options.quick, distDirectory: DIST_DIRECTORY, staticDirectory: STATIC_DIRECTORY, log })
      ).figures;
    case 'static-site':
      log('Static site: first visit and offline reload');
      buildStaticSite();
      return measureStaticVisit({ browser: await openBrowser(), staticDirectory: STATIC_DIRECTORY, quick: options.quick, log });
    case 'lifecycle':
      log('Lifecycle cost');
      return measureLifecycleCost({ quick: options.quick, log });
    case 'ui':
    case 'play':
    case 'large-import':
    case 'large-result':
    case 'many-tools':
    case 'streamed-reply':
    case 'app-view':
      return measurePageParts(options.parts.filter(isPagePart));
    case 'stream-reassembly':
      log('Stream reassembly');
      return measureStreamReassembly({ quick: options.quick, log });
    case 'server':
      log('Server');
      return measureServer({ quick: options.quick, log });
    case 'load':
      log('Load');
      return measureLoad({ quick: options.quick, log });
    case 'class':
      log('A class of 200 learners');
      return measureClass({ quick: options.quick, log });
    case 'tab-model': {
      log('The model in the tab (the tiny test GGUF)');
      const app = await startServerProcess({ staticDirectory: DIST_DIRECTORY });
      try {
        return await measureTabModel({ browser: await openBrowser(), appUrl: app.url, quick: options.quick, log });
      } finally {
        await app.stop();
      }
    }
    default: {
      const unknown: never = part;
      throw new Error(`No measurement for part ${String(unknown)}.`);
    }
  }
}

const machine = describeMachine();
const loadAtStart = loadavg();
log(
  `Bench${options.quick ? ' (quick: fewer runs, figures are rough)' : ''} on ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGigabytes} GB, Node ${machine.node}; load average ${loadAtStart.map((value) => value.toFixed(1)).join(' / ')}`,
);
const started = performance.now();
const figures: Figure[] = [];
try {
  for (const part of options.parts) {
    // The page parts all ran with the first of them, on one app server.
    if (isPagePart(part) && part !== options.parts.find(isPagePart)) continue;
    figures.push(...(await measureOrReport(part, () => measurePart(part))));
  }
} finally {
  await browser?.close();
}

const loadAtEnd = loadavg();
const date = new Date().toISOString();
const durationSeconds = Math.round((performance.now() - started) / 1000);
const table = formatFiguresTable(figures);
log(`Load average at the end ${loadAtEnd.map((value) => value.toFixed(1)).join(' / ')}`);
log(`\n${table}\n`);
const missed = figures.filter((figure) => figure.status === 'missed' || (figure.status === 'not measured' && figure.budget));
log(
  missed.length === 0
    ? 'Every budget measured was met.'
    : `${missed.length} budget(s) missed or not measured: ${missed.map((figure) => figure.name).join('; ')}.`,
);
await writeFile(
  RESULTS_PATH,
  `${JSON.stringify({ date, quick: options.quick, parts: options.parts, machine, loadAtStart, loadAtEnd, durationSeconds, figures, table }, null, 2)}\n`,
);
log(`Wrote ${RESULTS_PATH}`);
// The README's table is one whole run's: a run of some parts, or a quick one, leaves it as it is.
if (!options.quick && PART_NAMES.every((part) => options.parts.includes(part))) {
  await writeReadmeTable(README_PATH, formatRunHeading({ date, ...machine, loadAtStart, loadAtEnd, durationSeconds }), table);
  log(`Wrote the table into ${README_PATH}`);
}
