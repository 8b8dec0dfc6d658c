import type { HttpExchange, Step, Trace, Warning } from '../trace/index.ts';

export type ExchangeKind = 'mcp' | 'provider' | 'other';

/** One HTTP exchange of a run, with the steps it carried (a request, its notifications, its answer). */
export type TracedExchange = {
  http: HttpExchange;
  steps: Step[];
  kind: ExchangeKind;
  /** Milliseconds since the run started, when the first step of this exchange was recorded. */
  startMs: number;
  /** How long it took: the recorded duration, or the span of its steps when none was recorded (it never ended). */
  durationMs: number;
};

function classify(steps: Step[]): ExchangeKind {
  if (steps.some((step) => step.from === 'llm' || step.to === 'llm')) return 'provider';
  if (steps.some((step) => step.from === 'server' || step.to === 'server')) return 'mcp';
  return 'other';
}

/**
 * Every step of an exchange carries a copy of the same HTTP record (the request step, the
 * server's notifications, the answer), so an exchange is a record seen once. The whole
 * record is the key: two exchanges that agree in every byte, duration and Date header
 * included, would be one; a retry differs at least in those.
 */
export function collectExchanges({ trace }: { trace: Trace }): TracedExchange[] {
  const byKey = new Map<string, { http: HttpExchange; steps: Step[] }>();
  for (const step of trace.steps) {
    if (!step.http) continue;
    const key = JSON.stringify(step.http);
    const found = byKey.get(key);
    if (found) found.steps.push(step);
    else byKey.set(key, { http: step.http, steps: [step] });
  }
  return [...byKey.values()].map(({ http, steps }) => {
    const startMs = Math.min(...steps.map((step) => step.at));
    const lastMs = Math.max(...steps.map((step) => step.at));
    return { http, steps, kind: classify(steps), startMs, durationMs: Math.max(0, http.durationMs ?? lastMs - startMs) };
  });
}

/** When the run began, in ms since the epoch; a startedAt that is not a date is 1970-01-01, with a warning naming what it dates (`the spans`). */
export function readRunStart({ trace, dated }: { trace: Trace; dated: string }): { epochMs: number; warnings: Warning[] } {
  const epochMs = Date.parse(trace.startedAt);
  if (Number.isFinite(epochMs)) return { epochMs, warnings: [] };
  return {
    epochMs: 0,
    warnings: [
      { code: 'start-unknown', message: `The trace's startedAt "${trace.startedAt}" is not a date: ${dated} are dated from 1970-01-01.`, path: 'startedAt' },
    ],
  };
}

export const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The JSON-RPC messages in a body: one object, a batch, or nothing that parses. */
export function readJsonRpcMessages(text: string | undefined): Record<string, unknown>[] {
  if (text === undefined || text.trim() === '') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return [];
  }
  const list = Array.isArray(parsed) ? parsed : [parsed];
  return list.filter(isRecord);
}

/** Every message the server answered with, from a JSON body or an event stream's frames. */
export function readResponseMessages(http: HttpExchange): Record<string, unknown>[] {
  const fromStream = (http.sse ?? []).flatMap((frame) => readJsonRpcMessages(frame.data));
  return [...readJsonRpcMessages(http.responseBody), ...fromStream];
}

/** A header by name, whatever its case in the record. */
export function readHeader(headers: Record<string, string> | undefined, name: string): string | undefined {
  if (!headers) return undefined;
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) if (key.toLowerCase() === wanted) return value;
  return undefined;
}
