import { readFile, writeFile } from 'node:fs/promises';

/**
 * bench/README.md's table of figures, written by `npm run bench` from the run that just
 * ended, between two markers, with the run's date, machine and load above it: one run's
 * figures, never a mix of runs. Only a whole run writes it (every part, not --quick).
 */

export const TABLE_START = '<!-- bench-table:start (written by npm run bench; edit bench/readme-table.ts, not the table) -->';
export const TABLE_END = '<!-- bench-table:end -->';

export type RunDescription = {
  date: string;
  cpu: string;
  cores: number;
  memoryGigabytes: number;
  node: string;
  loadAtStart: number[];
  loadAtEnd: number[];
  durationSeconds: number;
};

const formatLoad = (load: number[]) => load.map((value) => value.toFixed(1)).join(' / ');

export function formatRunHeading(run: RunDescription): string {
  return (
    `A run of ${run.date.slice(0, 16).replace('T', ' ')} UTC on ${run.cpu} (${run.cores} cores, ${run.memoryGigabytes} GB, Node ${run.node}), ` +
    `${run.durationSeconds} s in all. Load average (1, 5, 15 min) ${formatLoad(run.loadAtStart)} at the start, ${formatLoad(run.loadAtEnd)} at the end: ` +
    'the machine is shared, so ratios taken within the run (against a baseline measured beside ours) are the figures to compare, not times.'
  );
}

/** The README's text with the block between the markers replaced by this run's heading and table. */
export function replaceTable(readme: string, heading: string, table: string): string {
  const start = readme.indexOf(TABLE_START);
  const end = readme.indexOf(TABLE_END);
  if (start < 0 || end < start) throw new Error(`bench/README.md has no ${TABLE_START} … ${TABLE_END} block for the table.`);
  return `${readme.slice(0, start + TABLE_START.length)}\n\n${heading}\n\n${table}\n\n${readme.slice(end)}`;
}

export async function writeReadmeTable(path: string, heading: string, table: string): Promise<void> {
  await writeFile(path, replaceTable(await readFile(path, 'utf8'), heading, table));
}
