import type { Trace } from '../src/trace/trace.ts';

/**
 * Hostile text for the export tests, put where a server or a learner writes their own:
 * a statement end, an entity start, an arrow, a directive, a line break and markup in the
 * tool's name and the answer; quotes, Markdown, math, an emoji and an onerror image in the
 * question. The _SHOWN forms are what a reader must show: the same text, the line break a space.
 */
export const HOSTILE_TOOL = 'a;b #35; c-->>d %%{init:{}}%% e\nf <script>alert(1)</script>';
export const HOSTILE_TOOL_SHOWN = HOSTILE_TOOL.replace('\n', ' ');
export const HOSTILE_QUESTION = 'Is 5+7 "12"? `x` $y$ & \u{1F600} <img src=x onerror="window.__pwned=1">';
export const HOSTILE_QUESTION_SHOWN = HOSTILE_QUESTION;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const carriesTool = (step: Trace['steps'][number]) => step.id === 'host.answer' || (isRecord(step.payload) && step.payload.method === 'tools/call');

/** The run with the hostile text in the tool calls' names, the question (the trace's and its step's) and the answer; nothing else changed. */
export function makeHostile(trace: Trace): Trace {
  const steps = trace.steps.map((step) => {
    const payload = isRecord(step.payload) ? { ...step.payload } : step.payload;
    if (isRecord(payload)) {
      if (payload.method === 'tools/call' && isRecord(payload.params))
        payload.params = { ...payload.params, name: `${HOSTILE_TOOL} ${String(payload.params.name)}` };
      if (step.id === 'user.question') payload.question = HOSTILE_QUESTION;
      if (step.id === 'host.answer') payload.answer = `${HOSTILE_TOOL} ${String(payload.answer)}`;
    }
    return { ...step, payload };
  });
  return { ...trace, question: HOSTILE_QUESTION, steps };
}

/** How many messages between two parts carry the hostile tool name (a refusal has no tool call and no answer). */
export function countHostileCarriers(trace: Trace): number {
  return trace.steps.filter((step) => step.from !== step.to && carriesTool(step)).length;
}
