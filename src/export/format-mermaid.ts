import { getStepDefinition, PARTICIPANT_LABELS } from '../trace/index.ts';
import type { FieldChange, Step, Trace, Warning } from '../trace/index.ts';
import { describeStep, numberStep } from './describe-step.ts';
import { escapeMermaidLabel, toMermaidId } from './escape-mermaid.ts';
import { listSequenceColumns, markEdited } from './sequence-layout.ts';

const ARROWS: Record<Step['kind'], string> = {
  request: '->>',
  response: '-->>',
  notification: '-)',
  internal: '->>',
  fault: '--x',
};

function formatStep(step: Step): string[] {
  const from = toMermaidId(step.from);
  const to = toMermaidId(step.to);
  const label = escapeMermaidLabel(markEdited(step, numberStep(step, describeStep(step))));
  const lines: string[] = [];
  if (step.from !== step.to) lines.push(`    ${from}${ARROWS[step.kind]}${to}: ${label}`);
  if (step.translation) {
    const warnings = step.translation.warnings.length;
    const title = getStepDefinition(step.id)?.title ?? `Translation #${step.translation.number}: ${step.title}`;
    const text = `${title}${warnings > 0 ? ` (${warnings} warning${warnings === 1 ? '' : 's'})` : ''}`;
    lines.push(`    Note over ${from}: ${escapeMermaidLabel(text)}`);
  } else if (step.from === step.to) {
    lines.push(`    Note over ${from}: ${label}`);
  }
  return lines;
}

/**
 * The run as a Mermaid sequenceDiagram, for slides and docs: one arrow per message, a note
 * for each translation and for work inside one part. Every label is text from the run
 * (tool names, titles, an imported file's anything) and is escaped, so no label can
 * start a statement, a directive or HTML.
 */
export function formatMermaid({ trace }: { trace: Trace }): { result: string; warnings: Warning[]; changes: FieldChange[] } {
  // The page's columns, in its order (src/export/sequence-layout.ts): declared first, Mermaid keeps them so.
  const participants = listSequenceColumns(trace.steps);
  const lines = ['sequenceDiagram'];
  for (const participant of participants) lines.push(`    participant ${toMermaidId(participant)} as ${escapeMermaidLabel(PARTICIPANT_LABELS[participant])}`);
  for (const step of trace.steps) lines.push(...formatStep(step));
  const warnings: Warning[] = trace.steps.length === 0 ? [{ code: 'no-steps', message: 'The trace has no steps: the diagram has no messages.' }] : [];
  const changes: FieldChange[] = [
    { kind: 'dropped', from: 'steps[].payload', note: 'a diagram shows who sent what to whom; the messages themselves are in the trace and the HAR export' },
  ];
  return { result: `${lines.join('\n')}\n`, warnings, changes };
}
