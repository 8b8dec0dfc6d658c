import type { Step } from '../trace/index.ts';
import { readJsonField } from './read-json-field.ts';
import { MODEL_REQUEST_STEPS } from '../trace/index.ts';

/**
 * Which tool call each step belongs to, as `add_numbers(a: 5, b: 7)`, in the rounds where
 * the model asked for more than one: there the steps 11 to 17 repeat with the same titles,
 * and without the call's name a learner cannot tell the first call's rows from the second's.
 * A round with one call gets no labels, so the simple story keeps its plain titles.
 */
export function labelToolCalls({ steps }: { steps: Step[] }): (string | null)[] {
  const callsPerRound = new Map<number, number>();
  const count = (round: number, calls: number) => callsPerRound.set(round, Math.max(callsPerRound.get(round) ?? 0, calls));
  const translated = new Map<number, number>();
  for (const step of steps) {
    // The model's decision lists every call of the round, so the first call is labelled before the second is translated.
    if (step.id === 'llm.decide' && Array.isArray(step.payload)) count(step.iteration, step.payload.length);
    if (step.id === 'host.translate-tool-call') {
      translated.set(step.iteration, (translated.get(step.iteration) ?? 0) + 1);
      count(step.iteration, translated.get(step.iteration) ?? 0);
    }
  }
  const labels: (string | null)[] = [];
  let current: string | null = null;
  for (const step of steps) {
    if (step.id === 'host.translate-tool-call') current = (callsPerRound.get(step.iteration) ?? 0) > 1 ? describeCall(step.payload) : null;
    // What went on the wire is the call the step is for (the learner may have edited it at the gate).
    const sent: string | null = current === null ? null : describeSentCall(step);
    if (sent !== null) current = sent;
    labels.push(current);
    if (step.id === 'client.result-to-host' || MODEL_REQUEST_STEPS.has(step.id)) current = null;
  }
  return labels;
}

/** `name(key: value, …)` from a `{ name, arguments }` object, values cut short; null when it is not one. */
export function describeCall(call: unknown): string | null {
  const name = readJsonField(call, 'name');
  if (typeof name !== 'string') return null;
  const args = readJsonField(call, 'arguments');
  const parts =
    typeof args === 'object' && args !== null && !Array.isArray(args) ? Object.entries(args).map(([key, value]) => `${key}: ${shortenValue(value)}`) : [];
  return shorten(`${name}(${shorten(parts.join(', '), 48)})`, 72);
}

/** The tools/call in the step's HTTP request body, when it has one. */
function describeSentCall(step: Step): string | null {
  const body = step.http?.requestBody;
  if (body === undefined || !body.includes('"tools/call"')) return null;
  let message: unknown;
  try {
    message = JSON.parse(body);
  } catch {
    return null;
  }
  return readJsonField(message, 'method') === 'tools/call' ? describeCall(readJsonField(message, 'params')) : null;
}

function shortenValue(value: unknown): string {
  return shorten(JSON.stringify(value) ?? String(value), 20);
}

function shorten(text: string, limit: number): string {
  return text.length > limit ? `${text.slice(0, limit - 1)}…` : text;
}
