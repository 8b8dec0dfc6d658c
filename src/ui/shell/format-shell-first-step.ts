import { DEFAULT_QUESTION, PHASE_SUMMARIES, getStepSummary, formatDuration, measureStepTimes } from '../../content/index.ts';
import { recordQuestionStepAhead } from '../../lifecycle/index.ts';
import { escapeMarkup, PARTICIPANT_LABELS, PHASE_LABELS } from '../../trace/index.ts';
import type { Step } from '../../trace/index.ts';
import { formatStepNumber, PHASE_STYLES } from '../step-format.ts';
import { SHELL_STEP_ATTRIBUTE, STEP_TITLE_TIMING } from './first-step-names.ts';

/**
 * Step 1 as index.html's shell shows it when Next is pressed before the app's script has
 * run: written at build time (vite-shell-first-step.ts) from the step the engine records
 * for the default question, with the inspector's own words, test ids and Element Timing
 * name, so the press shows the step at once instead of after React's first render (about
 * twice the first paint on 2 cores). React's inspector then draws the same step in its
 * place. Plain text and a JSON block only: no control of the shell works before the app.
 */

/** The step the shell shows: the engine's own step 1 for the default question (no secrets: the shell falls back when any are saved). */
export function recordShellFirstStep(question = DEFAULT_QUESTION): Step {
  return recordQuestionStepAhead({
    question,
    era: '2025-11-25',
    mcpUrl: 'http://localhost/mcp',
    provider: { wire: 'openai-chat', kind: 'mock', baseUrl: 'http://localhost/mock/openai/v1', model: 'mock' },
    mcpHeaders: [],
  });
}

/** The inspector's markup for a step with no translation, HTTP exchange or fault (inspector.tsx), as static HTML. */
export function formatShellFirstStep(step: Step): string {
  const time = measureStepTimes({ steps: [step] })[0]!;
  const summary = getStepSummary(step.id);
  const payload = JSON.stringify(step.payload, null, 2);
  return [
    `<section aria-label="Inspector" class="flex min-h-0 w-full max-w-2xl flex-col rounded-md border border-slate-200 bg-white text-left text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100" data-testid="inspector" data-step-id="${escapeMarkup(step.id)}" data-n="${step.n}" ${SHELL_STEP_ATTRIBUTE}="">`,
    '<header class="border-b border-slate-200 px-4 py-2 dark:border-slate-700">',
    '<div class="flex flex-wrap items-center gap-2 text-xs">',
    `<span class="rounded px-2 py-0.5 font-mono font-semibold ${PHASE_STYLES[step.phase].badge}" data-testid="shell-step-badge">Step ${escapeMarkup(formatStepNumber(step))} of 20</span>`,
    `<span class="text-slate-600 dark:text-slate-300">${escapeMarkup(PHASE_LABELS[step.phase])}</span>`,
    '<span class="text-slate-500">·</span>',
    `<span class="text-slate-600 dark:text-slate-300" data-testid="shell-step-route">${escapeMarkup(`${PARTICIPANT_LABELS[step.from]} → ${PARTICIPANT_LABELS[step.to]}`)}</span>`,
    `<span class="text-slate-500">· #${step.n} of ${step.n} recorded · </span>`,
    `<span class="text-slate-500">at ${escapeMarkup(formatDuration(time.runMs))} · took ${escapeMarkup(formatDuration(time.ownMs))}</span>`,
    '</div>',
    `<h2 class="mt-1 text-base font-semibold" data-testid="inspector-title" elementtiming="${STEP_TITLE_TIMING}">${escapeMarkup(step.title)}</h2>`,
    summary ? `<p class="mt-1 text-sm text-slate-700 dark:text-slate-200" data-testid="step-summary">${escapeMarkup(summary)}</p>` : '',
    `<p class="mt-1 text-xs text-slate-500 dark:text-slate-400" data-testid="phase-summary">${escapeMarkup(PHASE_SUMMARIES[step.phase])}</p>`,
    step.note ? `<p class="mt-1 text-sm text-violet-700 dark:text-violet-300">${escapeMarkup(step.note)}</p>` : '',
    '</header>',
    '<div class="px-4 py-2" data-testid="payload">',
    `<span class="text-xs font-semibold text-slate-600 uppercase dark:text-slate-300">${step.kind === 'internal' ? 'Data handed over' : 'Payload'}</span>`,
    `<pre class="mt-1 overflow-auto rounded bg-slate-100 p-2 font-mono text-xs dark:bg-slate-800" data-testid="shell-step-payload">${escapeMarkup(payload)}</pre>`,
    '</div>',
    '</section>',
  ].join('');
}
