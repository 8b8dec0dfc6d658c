import { describeStepNumber } from '../content/index.ts';
import { findMissingSteps } from '../content/missing-steps.ts';
import type { Step, StreamSummary, Trace } from '../trace/index.ts';
import { PARTICIPANT_LABELS, PHASE_LABELS, escapeTerminalJson, escapeTerminalText, redactUrl } from '../trace/index.ts';

/**
 * The trace as readable text, one block per step: the CLI prints this to a terminal.
 * Every text in it may come from a server, a model or a file, so each line has its
 * control characters written as escapes: a tool description cannot move the cursor,
 * clear the screen or set the title. Only the answer keeps its own line breaks and tabs.
 */
export function formatTraceText({ trace, maxPayloadLength = 600 }: { trace: Trace; maxPayloadLength?: number }): string {
  const lines: string[] = [];
  lines.push(`Question: ${trace.question}`);
  lines.push(`MCP server: ${redactUrl({ url: trace.mcp.url })} (era ${trace.mcp.era}, protocol ${trace.mcp.protocolVersion ?? 'not negotiated'})`);
  lines.push(`Model: ${trace.model.name} (${trace.model.wire}, ${trace.model.kind})`);
  let phase: string | undefined;
  for (const step of trace.steps) {
    if (step.phase !== phase) {
      phase = step.phase;
      lines.push('', `── ${PHASE_LABELS[step.phase]} ${'─'.repeat(60 - PHASE_LABELS[step.phase].length)}`);
    }
    lines.push(...formatStep(step, maxPayloadLength));
  }
  const missing = findMissingSteps({ steps: trace.steps, status: trace.status });
  if (missing.length > 0) {
    lines.push('', 'Did not happen:');
    for (const entry of missing) lines.push(`  step ${String(entry.canonical).padStart(2)}  ${entry.title}: ${entry.reason}`);
  }
  lines.push('', `Status: ${trace.status}`);
  // A run that stopped short says why and what to do, under the status, as the page's last step does.
  const stopped = trace.steps.at(-1);
  if (stopped?.id === 'host.stopped' && stopped.fault) lines.push(`Why: ${stopped.fault.what}`, `What to do: ${stopped.fault.fix}`);
  const shown = lines.map((line) => escapeTerminalText({ text: line }));
  if (trace.answer !== null) shown.push(`Answer: ${escapeTerminalText({ text: trace.answer, keepLayout: true })}`);
  return shown.join('\n');
}

/** The trace as JSON for a terminal or a pipe: the same JSON once parsed, with no control character raw. */
export function formatTraceJson({ trace }: { trace: Trace }): string {
  const shown = { ...trace, mcp: { ...trace.mcp, url: redactUrl({ url: trace.mcp.url }) } };
  return `${escapeTerminalJson(JSON.stringify(shown, null, 2))}\n`;
}

function formatStep(step: Step, maxPayloadLength: number): string[] {
  // The one rule of the page's caption, inspector and timeline: a stop is `!` whatever canonical step it stopped at.
  const number = describeStepNumber(step, step.n - 1).text.padStart(3);
  const iteration = step.iteration > 1 ? ` (round ${step.iteration})` : '';
  const route = `${PARTICIPANT_LABELS[step.from]} → ${PARTICIPANT_LABELS[step.to]}`;
  const lines = [`${String(step.n).padStart(3)}. step ${number}${iteration}  ${route.padEnd(26)} ${step.title}`];
  const indent = '       ';
  if (step.http) {
    const status = step.http.status === undefined ? (step.http.error ?? 'no answer') : `${step.http.status}`;
    const path = safePath(step.http.url);
    lines.push(
      `${indent}HTTP ${step.http.method} ${path} → ${status}${step.http.sse ? ` (SSE, ${step.http.sse.length} frames)` : ''}${step.http.ndjson ? ` (NDJSON, ${step.http.ndjson.length} lines)` : ''}`,
    );
  }
  if (step.stream) lines.push(`${indent}${describeStream(step.stream)}`);
  lines.push(`${indent}${truncate(JSON.stringify(step.payload) ?? 'null', maxPayloadLength)}`);
  for (const warning of step.translation?.warnings ?? []) lines.push(`${indent}! ${warning.message}`);
  if (step.note) lines.push(`${indent}note: ${step.note}`);
  if (step.deprecated) lines.push(`${indent}DEPRECATED in ${step.deprecated.era} (${step.deprecated.feature}): ${step.deprecated.note}`);
  if (step.fault) lines.push(`${indent}why: ${step.fault.why}`, `${indent}what to do: ${step.fault.fix}`);
  return lines;
}

/** How a streamed reply was read, in one line: the frames, and for each call how it came and when it first parsed. */
function describeStream(stream: StreamSummary): string {
  const calls = stream.calls.map((call) => {
    const came = call.arrival === 'whole' ? 'arrived whole' : `came in ${call.fragments} pieces`;
    const parsed = call.parsedAtFrame === null ? 'its arguments never parsed' : `parsed after frame ${call.parsedAtFrame + 1}`;
    return `${call.name ?? '(no name)'} ${came}, ${parsed}`;
  });
  const ending = stream.ended ? '' : ', with no end marker';
  return `streamed: ${stream.frames} frames${ending}${calls.length > 0 ? `; ${calls.join('; ')}` : ''}; reassembled below`;
}

function safePath(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}

function truncate(text: string, max: number): string {
  return max > 0 && text.length > max ? `${text.slice(0, max)}… (${text.length - max} more characters; --full shows all)` : text;
}
