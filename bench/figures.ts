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

export function createFigure(input: { part: string; name: string; value: number; unit: string; budget?: Budget; note?: string }): Figure {
  const value = roundFigure(input.value);
  const status: FigureStatus = !input.budget
    ? 'info'
    : input.budget.comparison === '<='
      ? input.value <= input.budget.limit ? 'met' : 'missed'
      : input.value >= input.budget.limit ? 'met' : 'missed';
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
  const rows = figures.map((figure) => [figure.part, figure.name, formatValue(figure), formatBudget(figure.budget, figure.unit), STATUS_LABELS[figure.status], figure.note ?? '']);
  const header = ['Part', 'Figure', 'Value', 'Budget', 'Status', 'Note'];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  // A pipe inside a cell would split it into two columns.
  const formatRow = (cells: string[]) => `| ${cells.map((cell, column) => cell.replaceAll('|', '/').padEnd(widths[column]!)).join(' | ')} |`;
  return [formatRow(header), `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`, ...rows.map(formatRow)].join('\n');
}
