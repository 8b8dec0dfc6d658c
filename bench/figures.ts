import { roundFigure } from './statistics.ts';

/**
 * One measured figure, with its budget when it has one. A figure that could not be
 * measured (no network for the Inspector, say) says so with a reason: the bench never
 * prints a made-up number.
 */

export type Budget = { comparison: '<=' | '>='; limit: number };
export type FigureStatus = 'met' | 'missed' | 'info' | 'not measured';

export type Figure = {
  part: string;
  name: string;
  value: number | null;
  unit: string;
  budget?: Budget;
  status: FigureStatus;
  note?: string;
};

function meetsBudget(value: number, budget: Budget): boolean {
  return budget.comparison === '<=' ? value <= budget.limit : value >= budget.limit;
}

export function createFigure(input: { part: string; name: string; value: number; unit: string; budget?: Budget; note?: string }): Figure {
  const { budget } = input;
  const status: FigureStatus = !budget ? 'info' : meetsBudget(input.value, budget) ? 'met' : 'missed';
  // Rounded for reading, but never so far that a missed figure reads as the limit itself (1.2034 shown as 1.2).
  let value = roundFigure(input.value);
  for (let digits = 4; budget && digits <= 12 && value === budget.limit && meetsBudget(value, budget) !== meetsBudget(input.value, budget); digits++) {
    value = Number(input.value.toPrecision(digits));
  }
  return { ...input, value, status };
}

/** A figure the run could not measure; the reason goes in the table and in results.json. */
export function createUnmeasuredFigure(input: { part: string; name: string; unit: string; budget?: Budget; note: string }): Figure {
  return { ...input, value: null, status: 'not measured' };
}

function formatBudget(budget: Budget | undefined, unit: string): string {
  if (!budget) return '';
  return `${budget.comparison === '<=' ? '≤' : '≥'} ${budget.limit}${unit ? ` ${unit}` : ''}`;
}

function formatValue(figure: Figure): string {
  if (figure.value === null) return 'not measured';
  return `${figure.value}${figure.unit ? ` ${figure.unit}` : ''}`;
}

const STATUS_LABELS: Record<FigureStatus, string> = { met: 'met', missed: 'MISSED', info: '', 'not measured': 'not measured' };

/** The table as Markdown, so the same text goes to the terminal and into the README. */
export function formatFiguresTable(figures: readonly Figure[]): string {
  const rows = figures.map((figure) => [
    figure.part,
    figure.name,
    formatValue(figure),
    formatBudget(figure.budget, figure.unit),
    STATUS_LABELS[figure.status],
    figure.note ?? '',
  ]);
  const header = ['Part', 'Figure', 'Value', 'Budget', 'Status', 'Note'];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  // A pipe inside a cell would split it into two columns.
  const formatRow = (cells: string[]) => `| ${cells.map((cell, column) => cell.replaceAll('|', '/').padEnd(widths[column]!)).join(' | ')} |`;
  return [formatRow(header), `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`, ...rows.map(formatRow)].join('\n');
}
