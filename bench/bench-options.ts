import type { Browser } from '@playwright/test';
/** The bench's command line: `--quick` for a short try, `--only <part>` (repeatable, or comma-separated) for some parts. */

export const PART_NAMES = [
  'first-load',
  'static-site',
  'lifecycle',
  'stream-reassembly',
  'ui',
  'play',
  'large-import',
  'large-result',
  'many-tools',
  'streamed-reply',
  'app-view',
  'server',
  'load',
  'class',
  'tab-model',
] as const;
export type PartName = (typeof PART_NAMES)[number];

export type BenchOptions = {
  quick: boolean;
  parts: PartName[];
};

function isPartName(name: string): name is PartName {
  return (PART_NAMES as readonly string[]).includes(name);
}

export function parseBenchOptions(argv: readonly string[]): BenchOptions {
  let quick = false;
  const chosen: PartName[] = [];
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index]!;
    if (argument === '--quick') {
      quick = true;
    } else if (argument === '--only' || argument.startsWith('--only=')) {
      const value = argument === '--only' ? argv[++index] : argument.slice('--only='.length);
      for (const name of (value ?? '').split(',').filter(Boolean)) {
        if (!isPartName(name)) throw new Error(`Unknown part "${name}". The parts are: ${PART_NAMES.join(', ')}.`);
        chosen.push(name);
      }
      if (!value) throw new Error(`--only needs a part: ${PART_NAMES.join(', ')}.`);
    } else {
      throw new Error(`Unknown option "${argument}". Use --quick and --only <part> (${PART_NAMES.join(', ')}).`);
    }
  }
  return { quick, parts: chosen.length > 0 ? [...new Set(chosen)] : [...PART_NAMES] };
}

/** What every part is given: whether the run is a short try, and where its progress lines go. */
export type PartOptions = { quick: boolean; log: (line: string) => void };
/** What a part that drives the page is given besides: the browser, and the served app's address. */
export type PagePartOptions = PartOptions & { browser: Browser; appUrl: string };
