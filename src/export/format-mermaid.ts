import { getStepDefinition } from '../trace/steps.ts';
import type { FieldChange, Step, Trace, Warning } from '../trace/trace.ts';
import { PARTICIPANT_LABELS, PARTICIPANTS, type Participant } from '../trace/vocabulary.ts';
import { isRecord } from './collect-exchanges.ts';
import { escapeMermaidLabel, toMermaidId } from './escape-mermaid.ts';

const ARROWS: Record<Step['kind'], string> = {
  request: '->>',
  response: '-->>',
  notification: '-)',
  internal: '->>',
  fault: '--x',
};

/** The message as the sequence view names it: the JSON-RPC method (and the tool it calls), else the step table's word for it. */
function describeStep(step: Step): string {
  const payload = isRecord(step.payload) ? step.payload : undefined;
  if (typeof payload?.method === 'string') {
    const params = isRecord(payload.params) ? payload.params : undefined;
    return payload.method === 'tools/call' && typeof params?.name === 'string' ? `${payload.method} ${params.name}` : payload.method;
  }
  const label = getStepDefinition(step.id)?.label ?? step.kind;
  if (step.id === 'user.question' && typeof payload?.question === 'string') return `${label}: ${payload.question}`;
  if (step.id === 'host.answer' && typeof payload?.answer === 'string') return `${label}: ${payload.answer}`;
  const status = step.http?.status;
  return status !== undefined && status >= 400 && !label.includes(String(status)) ? `${label} (HTTP ${status})` : label;
}

function numberStep(step: Step, text: string): string {
  if (step.kind === 'fault') return `! ${text}`;
  return step.canonical === null ? text : `${step.canonical} ${text}`;
}

/** The steps' participants in the graph's order: a part the run never reached is not drawn. */
function listParticipants(trace: Trace): Participant[] {
  const used = new Set(trace.steps.flatMap((step) => [step.from, step.to]));
  return PARTICIPANTS.filter((participant) => used.has(participant));
}

function formatStep(step: Step): string[] {
  const from = toMermaidId(step.from);
  const to = toMermaidId(step.to);
  const label = escapeMermaidLabel(numberStep(step, describeStep(step)));
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
  const participants = listParticipants(trace);
  const lines = ['sequenceDiagram'];
  for (const participant of participants) lines.push(`    participant ${toMermaidId(participant)} as ${escapeMermaidLabel(PARTICIPANT_LABELS[participant])}`);
  for (const step of trace.steps) lines.push(...formatStep(step));
  const warnings: Warning[] = trace.steps.length === 0 ? [{ code: 'no-steps', message: 'The trace has no steps: the diagram has no messages.' }] : [];
  const changes: FieldChange[] = [{ kind: 'dropped', from: 'steps[].payload', note: 'a diagram shows who sent what to whom; the messages themselves are in the trace and the HAR export' }];
  return { result: `${lines.join('\n')}\n`, warnings, changes };
}
