import type { Claim } from '../../src/content/word-claims.ts';
import type { Step, Trace } from '../../src/trace/trace.ts';

/**
 * Holds each claim a sentence makes against the raw trace of its run, with readers of its
 * own: JSON-RPC methods, ids, results and errors as they crossed, HTTP statuses, the
 * server's own progress messages, the gate steps' recorded answers. Nothing here uses the
 * fact reader or the word builders it checks (src/content/run-facts.ts, *-words.ts).
 */

/** What the test itself knows about the run it drove (not read from the trace). */
export type RunTruth = { pageOpened?: boolean; maxToolRounds: number };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function method(step: Step): string | null {
  return isRecord(step.payload) && typeof step.payload.method === 'string' ? step.payload.method : null;
}

function rpcId(step: Step): unknown {
  return isRecord(step.payload) ? step.payload.id : undefined;
}

/** The tools/call requests of a round and the JSON-RPC answers that carry their ids. */
function readCalls(steps: readonly Step[]): { requests: Step[]; answers: Step[] } {
  const requests = steps.filter((step) => method(step) === 'tools/call' && rpcId(step) !== undefined);
  const ids = new Set(requests.map(rpcId));
  const answers = steps.filter(
    (step) => method(step) === null && ids.has(rpcId(step)) && isRecord(step.payload) && ('result' in step.payload || 'error' in step.payload),
  );
  return { requests, answers };
}

/** The JSON-RPC answers to the requests of this method in these steps. */
function readAnswersTo(steps: readonly Step[], rpcMethod: string): Step[] {
  const ids = new Set(steps.filter((step) => method(step) === rpcMethod && rpcId(step) !== undefined).map(rpcId));
  return steps.filter(
    (step) => method(step) === null && ids.has(rpcId(step)) && isRecord(step.payload) && ('result' in step.payload || 'error' in step.payload),
  );
}

function resultOf(step: Step | undefined): Record<string, unknown> | undefined {
  return step && isRecord(step.payload) && isRecord(step.payload.result) ? step.payload.result : undefined;
}

/** A task's status, wherever a message states one: an answer (tasks/get, tasks/cancel) or a notification's params. */
function statusOf(step: Step): unknown {
  if (!isRecord(step.payload)) return undefined;
  const carrier = isRecord(step.payload.result) ? step.payload.result : isRecord(step.payload.params) ? step.payload.params : undefined;
  return carrier && typeof carrier.taskId === 'string' ? carrier.status : undefined;
}

/** The latest answer to a tools/list before this step: when it came, and the ttlMs and cacheScope it said (a whole number 0 or more; public or private). */
function readListBefore(
  steps: readonly Step[],
  before: number,
): { index: number; at: number; ttlMs: number | undefined; cacheScope: string | undefined } | undefined {
  // The MCP channel alone: a view's messages (MCP Apps) number their own ids from 1 too.
  const onMcp = steps.slice(0, before).filter((step) => (step.from === 'client' && step.to === 'server') || (step.from === 'server' && step.to === 'client'));
  const answers = new Set(readAnswersTo(onMcp, 'tools/list'));
  const index = steps.findLastIndex((step, at) => at < before && answers.has(step));
  const result = resultOf(steps[index]);
  if (!result) return undefined;
  const { ttlMs, cacheScope } = result;
  return {
    index,
    at: steps[index]!.at,
    ttlMs: typeof ttlMs === 'number' && Number.isInteger(ttlMs) && ttlMs >= 0 ? ttlMs : undefined,
    cacheScope: cacheScope === 'public' || cacheScope === 'private' ? cacheScope : undefined,
  };
}

/** What became of a tools/call the server answered with a task, read from the task traffic itself. */
function readTaskCallResult(inRound: readonly Step[]): string {
  if (inRound.some((step) => statusOf(step) === 'cancelled')) return 'stopped';
  const fetched = readAnswersTo(inRound, 'tasks/result').at(-1);
  if (fetched) return isRecord(fetched.payload) && 'error' in fetched.payload ? 'protocol-error' : resultOf(fetched)?.isError === true ? 'is-error' : 'ok';
  const last = readAnswersTo(inRound, 'tasks/get')
    .filter((answer) => resultOf(answer) !== undefined)
    .at(-1);
  const status = last === undefined ? undefined : resultOf(last)?.status;
  if (status === 'failed') return 'protocol-error';
  const inlined = resultOf(last)?.result;
  if (status === 'completed' && isRecord(inlined)) return inlined.isError === true ? 'is-error' : 'ok';
  return inRound.some((step) => step.id === 'client.result-to-host' && isRecord(step.payload) && 'error' in step.payload) ? 'protocol-error' : 'unanswered';
}

/** A tools/call answered with a task: 2026-07-28's resultType "task", 2025-11-25's { task }. */
export function isTaskAnswer(answer: Step): boolean {
  const result = resultOf(answer);
  return result !== undefined && (result.resultType === 'task' || isRecord(result.task));
}

function isFinal(answer: Step): boolean {
  const result = isRecord(answer.payload) ? answer.payload.result : undefined;
  return !(isRecord(result) && result.resultType === 'input_required');
}

/** What became of a round's tool calls, read from the JSON-RPC traffic and the host's own hand-over. */
export function readCallResult(steps: readonly Step[], round: number): string | null {
  const inRound = steps.filter((step) => step.iteration === round);
  const asked = inRound.some((step) => step.id === 'llm.decide' || step.id === 'provider.response.tool-calls');
  if (!asked) return null;
  const { requests, answers } = readCalls(inRound);
  if (answers.some(isTaskAnswer)) return readTaskCallResult(inRound);
  if (inRound.some((step) => step.id === 'mcp.call.stopped' || step.id === 'mcp.call.closed')) return 'stopped';
  const final = answers.filter(isFinal);
  const handedError = inRound.some((step) => step.id === 'client.result-to-host' && isRecord(step.payload) && 'error' in step.payload);
  if (final.some((answer) => isRecord(answer.payload) && 'error' in answer.payload) || handedError) return 'protocol-error';
  if (final.some((answer) => isRecord(answer.payload) && isRecord(answer.payload.result) && answer.payload.result.isError === true)) return 'is-error';
  if (requests.length === 0) return 'not-sent';
  return final.length > 0 ? 'ok' : 'unanswered';
}

/** The built-in server's own report that it ran a handler ("Execution: …"), a progress notification on the call's stream. */
function isExecutionReport(step: Step): boolean {
  return (
    method(step) === 'notifications/progress' &&
    isRecord(step.payload) &&
    isRecord(step.payload.params) &&
    /^Execution:/.test(String(step.payload.params.message))
  );
}

const YES = new Set(['allow', 'approve', 'accept']);

function readComputed(steps: readonly Step[], round: number): boolean {
  const inRound = steps.filter((step) => step.iteration === round);
  const answers = inRound.flatMap((step) => {
    if (!isRecord(step.payload)) return [];
    if (step.id === 'user.consent' || step.id === 'host.sampling.review') return [String(step.payload.decision)];
    if (step.id === 'user.elicitation.answer') return [String(step.payload.action)];
    return [];
  });
  const modelHelpMissing = inRound.some(
    (step) => step.id.startsWith('host.sampling.') && isRecord(step.payload) && ('error' in step.payload || step.payload.stopReason === 'refusal'),
  );
  return readCallResult(steps, round) === 'ok' && answers.every((answer) => YES.has(answer)) && !modelHelpMissing;
}

function readEra(steps: readonly Step[]): string | null {
  if (
    steps.some(
      (step) =>
        method(step) === 'server/discover' &&
        steps.some((other) => isRecord(other.payload) && isRecord(other.payload.result) && Array.isArray(other.payload.result.supportedVersions)),
    )
  )
    return '2026-07-28';
  if (steps.some((step) => method(step) === 'initialize')) return '2025-11-25';
  return null;
}

function readGateAnswer(step: Step): string | null {
  if (!isRecord(step.payload)) return null;
  const value = step.id === 'user.elicitation.answer' ? step.payload.action : step.payload.decision;
  return typeof value === 'string' ? value : null;
}

const GATE_IDS = {
  consent: 'user.consent',
  sampling: 'host.sampling.review',
  elicitation: 'user.elicitation.answer',
  'mcp-approval': 'user.mcp-approval',
} as const;

/** Whether the ui/notifications/tool-result at this step carried the content the host handed on for the model in its round. */
function readViewToldModelResult(steps: readonly Step[], index: number): boolean | null {
  const told = steps[index];
  const handed = steps.slice(0, index).findLast((step) => step.id === 'client.result-to-host' && step.iteration === told?.iteration);
  if (!told || !isRecord(told.payload) || !isRecord(told.payload.params) || !handed || !isRecord(handed.payload)) return null;
  const { params } = told.payload;
  return (
    JSON.stringify([params.content, params.structuredContent, params.isError]) ===
    JSON.stringify([handed.payload.content, handed.payload.structuredContent, handed.payload.isError])
  );
}

/** What the server said to the view's own tools/call answered at this step: the MCP tools/call between the view's request and this answer. */
function readViewCallAnswer(steps: readonly Step[], index: number): string {
  const answerId = rpcId(steps[index]!);
  const asked = steps.slice(0, index).findLastIndex((step) => step.id.startsWith('app.') && method(step) === 'tools/call' && rpcId(step) === answerId);
  const serverAnswer = readAnswersTo(
    steps.slice(asked + 1, index).filter((step) => step.id.startsWith('mcp.')),
    'tools/call',
  )
    .filter(isFinal)
    .at(-1);
  const result = resultOf(serverAnswer);
  if (asked < 0 || !result) return 'error';
  return result.isError === true ? 'tool-error' : 'result';
}

/** Null when the claim holds; else why the trace says otherwise. */
export function checkClaim(trace: Trace, claim: Claim, truth: RunTruth): string | null {
  const { steps } = trace;
  const fail = (found: unknown) => `the trace has ${JSON.stringify(found)}`;
  switch (claim.kind) {
    case 'http-status':
      return steps[claim.step]?.http?.status === claim.status ? null : fail(steps[claim.step]?.http?.status);
    case 'call-result': {
      const found = readCallResult(steps, claim.round);
      return found === claim.result ? null : fail(found);
    }
    case 'handler-ran': {
      const ran = steps.some((step) => step.iteration === claim.round && isExecutionReport(step));
      return ran === claim.ran ? null : fail(ran);
    }
    case 'computed': {
      const found = readComputed(steps, claim.round);
      return found === claim.computed ? null : fail(found);
    }
    case 'execution-count': {
      const reports = steps.filter(isExecutionReport);
      return reports.length === claim.total && claim.index >= 1 && claim.index <= reports.length ? null : fail(reports.length);
    }
    case 'translations': {
      const count = steps.filter((step) => step.translation !== undefined).length;
      return count === claim.count ? null : fail(count);
    }
    case 'tool-rounds': {
      const count = new Set(steps.filter((step) => step.id === 'llm.decide').map((step) => step.iteration)).size;
      return count === claim.count ? null : fail(count);
    }
    case 'gate': {
      const gates = steps.filter((step) => step.id === GATE_IDS[claim.gate]);
      return gates.some((step) => readGateAnswer(step) === claim.answer && step.gate?.answeredBy === claim.answeredBy)
        ? null
        : fail(gates.map((step) => [readGateAnswer(step), step.gate]));
    }
    case 'topology':
      return (trace.mcp.topology ?? 'host') === claim.topology ? null : fail(trace.mcp.topology);
    case 'reported-calls': {
      const count = steps.filter((step) => step.id === 'provider.reported.tools-call.request').length;
      return count === claim.count ? null : fail(count);
    }
    case 'page-opened':
      return truth.pageOpened === claim.opened ? null : `the test ${truth.pageOpened ? 'opened' : 'did not open'} the page`;
    case 'outcome':
      return trace.status === claim.outcome ? null : fail(trace.status);
    case 'answer-reached':
      return (trace.answer !== null && trace.status === 'complete') === claim.reached ? null : fail([trace.status, trace.answer]);
    case 'era-mechanism': {
      const era = readEra(steps);
      return era === claim.era ? null : fail(era);
    }
    case 'phase': {
      const step = steps[claim.step];
      const oauth = step !== undefined && (step.from === 'authorization' || step.to === 'authorization' || step.id.startsWith('auth.'));
      return oauth === (claim.phase === 'authorization') ? null : fail([step?.id, step?.from, step?.to]);
    }
    case 'step-number': {
      const step = steps[claim.step];
      const shown = step?.kind === 'fault' ? '!' : step?.canonical === null ? '·' : String(step?.canonical);
      return claim.step < 0 || shown === claim.shown ? null : fail(shown);
    }
    case 'session-restarted': {
      const restarted = steps.slice(claim.step + 1).some((step) => method(step) === 'initialize');
      return restarted === claim.restarted ? null : fail(restarted);
    }
    case 'stream-ended':
      return steps[claim.step]?.stream?.ended === claim.ended ? null : fail(steps[claim.step]?.stream?.ended);
    case 'task-created': {
      const created = readCalls(steps.filter((step) => step.iteration === claim.round)).answers.some(isTaskAnswer);
      return created === claim.created ? null : fail(created);
    }
    case 'view-result': {
      const same = readViewToldModelResult(steps, claim.step);
      return same === claim.sameAsModel ? null : fail(same);
    }
    case 'view-call-answer': {
      const answer = readViewCallAnswer(steps, claim.step);
      return answer === claim.answer ? null : fail(answer);
    }
    case 'round-cap': {
      const rounds = new Set(steps.filter((step) => step.id === 'provider.response.tool-calls').map((step) => step.iteration)).size;
      return rounds > truth.maxToolRounds === claim.reached ? null : fail(rounds);
    }
    case 'list-freshness': {
      const list = readListBefore(steps, claim.step);
      const ttl = list?.ttlMs ?? 0;
      const fresh = list !== undefined && steps[claim.step] !== undefined && steps[claim.step]!.at - list.at < ttl;
      return list && ttl === claim.ttlMs && fresh === claim.fresh ? null : fail([list?.ttlMs, list?.at, steps[claim.step]?.at]);
    }
    case 'list-unchanged': {
      const list = readListBefore(steps, claim.step);
      const changed = list !== undefined && steps.slice(list.index + 1, claim.step).some((step) => method(step) === 'notifications/tools/list_changed');
      return list && !changed === claim.unchanged ? null : fail(changed);
    }
    case 'cache-scope': {
      const list = readListBefore(steps, claim.step);
      return list && (list.cacheScope ?? null) === claim.scope ? null : fail(list?.cacheScope);
    }
    default: {
      const unknown: never = claim;
      return `unknown claim ${JSON.stringify(unknown)}`;
    }
  }
}

/** Text that is broken whatever the run: a ? for an apostrophe, a sentence repeated into itself, a doubled word, a value that leaked. */
export function findBrokenText(text: string): string | null {
  if (/[a-z]\?[a-z]/i.test(text)) return 'a ? between letters (a lost apostrophe)';
  if (/did not happen: this step did not happen/i.test(text)) return 'a sentence repeated into itself';
  const doubled = /\b([A-Za-z]{2,})\s+\1\b/i.exec(text);
  if (doubled && doubled[1]!.toLowerCase() !== 'that') return `the word "${doubled[1]}" twice`;
  if (/\b(undefined|NaN)\b|\[object Object\]/.test(text)) return 'a value that leaked into words';
  return null;
}
