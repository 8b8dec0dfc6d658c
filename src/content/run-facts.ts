import type { Step, TraceStatus } from '../trace/index.ts';
import { ERAS, type Era, type GateAnswerer, type McpTopology, type Phase, TOOL_CALL_REPLY_STEPS, groupByRound } from '../trace/index.ts';
import type { CallResult, GateKind } from './word-claims.ts';

/**
 * The facts of one run that words depend on, read from its recorded steps and nothing
 * else: what each step's exchange answered, what became of each round's tool calls, who
 * answered each gate and how, how many translations, rounds and tool runs there were.
 * The word builders (step-words.ts, run-words.ts) make sentences from these; no sentence
 * is chosen by step id alone where the run decides whether it is true.
 */

export type GateFacts = {
  gate: GateKind;
  /** Null for a trace recorded before gates kept who answered (an imported one). */
  answeredBy: GateAnswerer | null;
  /** allow/deny, approve/decline, accept/decline/cancel, as the recorded answer says. */
  answer: string;
  /** URL mode only: whether the page was opened (null when not recorded or not URL mode). */
  pageOpened: boolean | null;
  tool: string | null;
};

export type RoundFacts = {
  round: number;
  /** The tools the model asked for in this round. */
  tools: string[];
  /** What became of them; null when the model asked for none. */
  result: CallResult | null;
  gates: GateFacts[];
  /** The server reported running a handler in this round. */
  handlerRan: boolean;
  /** The tool did its work: a result without isError, every question to the user answered yes, the model's help (sampling) given. */
  computed: boolean;
  /** The server answered the round's tools/call with a task, and the result came (or not) with the task. */
  task: boolean;
};

export type StepFacts = {
  index: number;
  step: Step;
  phase: Phase;
  httpStatus: number | null;
  gate: GateFacts | null;
  /** For a report of the server running a handler: which one of the run's (1-based). */
  executionIndex: number | null;
};

export type RunFacts = {
  era: Era | null;
  outcome: TraceStatus | 'idle';
  answered: boolean;
  translations: number;
  toolRounds: number;
  executions: number;
  /** The host's cap on tool rounds ended the run. */
  roundCapReached: boolean;
  /** Who was the MCP client: the provider's when the host handed it the server (host.provider-mcp). */
  topology: McpTopology;
  /** Provider-side MCP: the tool calls the provider reports its own MCP client made. */
  reportedCalls: number;
  rounds: Map<number, RoundFacts>;
  steps: StepFacts[];
};

export type RunRecord = { steps: readonly Step[]; status: TraceStatus | 'idle' | 'running'; answer: string | null; protocolVersion: string | null };

const GATE_STEPS: Record<string, GateKind> = {
  'user.consent': 'consent',
  'host.sampling.review': 'sampling',
  'user.elicitation.answer': 'elicitation',
  'user.mcp-approval': 'mcp-approval',
};

/** What each gate takes as an answer, and what the host reads anything else as (the careful no). */
const GATE_ANSWERS: Record<GateKind, { valid: string[]; fallback: string }> = {
  consent: { valid: ['allow', 'deny'], fallback: 'deny' },
  sampling: { valid: ['approve', 'decline'], fallback: 'decline' },
  elicitation: { valid: ['accept', 'decline', 'cancel'], fallback: 'cancel' },
  'mcp-approval': { valid: ['approve', 'deny'], fallback: 'deny' },
};
const YES_ANSWERS = new Set(['allow', 'approve', 'accept']);

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function readString(value: unknown, key: string): string | null {
  return isRecord(value) && typeof value[key] === 'string' ? value[key] : null;
}

/** The nearest step before `index` that matches, searched backwards in place (a copy of the run before each gate made a long run quadratic). */
function findLastBefore(steps: readonly Step[], index: number, matches: (step: Step) => boolean): Step | undefined {
  for (let earlier = index - 1; earlier >= 0; earlier--) if (matches(steps[earlier]!)) return steps[earlier];
  return undefined;
}

/** The recorded answer at a gate step; what the host read it as when it was not a clear answer. */
export function readGate(step: Step, steps: readonly Step[], index: number): GateFacts | null {
  const gate = Object.hasOwn(GATE_STEPS, step.id) ? GATE_STEPS[step.id]! : null;
  if (gate === null) return null;
  const given = readString(step.payload, gate === 'elicitation' ? 'action' : 'decision');
  const { valid, fallback } = GATE_ANSWERS[gate];
  const answer = given !== null && valid.includes(given) ? given : fallback;
  const asked = findLastBefore(
    steps,
    index,
    (earlier) =>
      earlier.id === 'host.ask-consent' ||
      earlier.id === 'host.ask-mcp-approval' ||
      earlier.id === 'mcp.tools-call.request' ||
      earlier.id === 'host.translate-tool-call',
  );
  const tool =
    readString(asked?.payload, 'tool') ?? readString(asked?.payload, 'name') ?? (isRecord(asked?.payload) ? readString(asked.payload.params, 'name') : null);
  return { gate, answeredBy: step.gate?.answeredBy ?? null, answer, pageOpened: step.gate?.pageOpened ?? null, tool };
}

function readResultOf(step: Step | undefined): unknown {
  return isRecord(step?.payload) ? step.payload.result : undefined;
}

/**
 * What became of a call that became a task: its last word, which is a cancellation, the
 * answer to tasks/result (2025-11-25), or the task's last status with the result or the
 * error it carries (2026-07-28).
 */
function readTaskResult(roundSteps: readonly Step[]): CallResult {
  if (roundSteps.some((step) => step.id === 'mcp.task.cancelled')) return 'stopped';
  const fetched = roundSteps.findLast((step) => step.id === 'mcp.tasks-result.response');
  if (fetched) {
    if (isRecord(fetched.payload) && 'error' in fetched.payload) return 'protocol-error';
    const result = readResultOf(fetched);
    return isRecord(result) && result.isError === true ? 'is-error' : 'ok';
  }
  if (roundSteps.some((step) => step.id === 'mcp.task.failed')) return 'protocol-error';
  const completed = readResultOf(roundSteps.findLast((step) => step.id === 'mcp.task.completed'));
  if (isRecord(completed) && isRecord(completed.result)) return completed.result.isError === true ? 'is-error' : 'ok';
  const handedError = roundSteps.some((step) => step.id === 'client.result-to-host' && isRecord(step.payload) && 'error' in step.payload);
  return handedError ? 'protocol-error' : 'unanswered';
}

function readRoundResult(roundSteps: readonly Step[]): CallResult | null {
  const asked = roundSteps.some((step) => TOOL_CALL_REPLY_STEPS.has(step.id));
  if (!asked) return null;
  if (roundSteps.some((step) => step.id === 'mcp.task.created')) return readTaskResult(roundSteps);
  if (roundSteps.some((step) => step.id === 'mcp.call.stopped' || step.id === 'mcp.call.closed')) return 'stopped';
  const responses = roundSteps.filter((step) => step.id === 'mcp.tools-call.response');
  const handed = roundSteps.filter((step) => step.id === 'client.result-to-host');
  if (responses.some((step) => isRecord(step.payload) && 'error' in step.payload)) return 'protocol-error';
  if (handed.some((step) => isRecord(step.payload) && 'error' in step.payload)) return 'protocol-error';
  if (responses.some((step) => isRecord(step.payload) && isRecord(step.payload.result) && step.payload.result.isError === true)) return 'is-error';
  if (!roundSteps.some((step) => step.id === 'mcp.tools-call.request')) return 'not-sent';
  return responses.length > 0 ? 'ok' : 'unanswered';
}

function readRound(round: number, roundSteps: readonly Step[], gates: GateFacts[]): RoundFacts {
  const tools = roundSteps.filter((step) => step.id === 'host.translate-tool-call').map((step) => readString(step.payload, 'name') ?? '');
  const result = readRoundResult(roundSteps);
  const helpless = roundSteps.some((step) => step.id === 'host.sampling.timeout' || step.id === 'host.sampling.refused');
  const computed = result === 'ok' && !helpless && gates.every((gate) => YES_ANSWERS.has(gate.answer));
  return {
    round,
    tools,
    result,
    gates,
    computed,
    handlerRan: roundSteps.some((step) => step.id === 'server.execute'),
    task: roundSteps.some((step) => step.id === 'mcp.task.created'),
  };
}

/** The era the server agreed to, else the one asked for when it was pinned. */
function readEra(protocolVersion: string | null): Era | null {
  return ERAS.find((era) => era === protocolVersion) ?? null;
}

export function readRunFacts(run: RunRecord): RunFacts {
  const { steps } = run;
  let executions = 0;
  const stepFacts: StepFacts[] = steps.map((step, index) => {
    const executionIndex = step.id === 'server.execute' ? ++executions : null;
    return {
      index,
      step,
      phase: step.id.startsWith('auth.') ? 'authorization' : step.phase,
      httpStatus: step.http?.status ?? null,
      gate: readGate(step, steps, index),
      executionIndex,
    };
  });
  const rounds = new Map<number, RoundFacts>();
  for (const [round, roundFacts] of groupByRound(stepFacts, (facts) => facts.step.iteration)) {
    const gates = roundFacts.flatMap((facts) => (facts.gate !== null ? [facts.gate] : []));
    rounds.set(
      round,
      readRound(
        round,
        roundFacts.map((facts) => facts.step),
        gates,
      ),
    );
  }
  const status = run.status === 'running' ? 'idle' : run.status;
  return {
    era: readEra(run.protocolVersion),
    outcome: status,
    answered: run.answer !== null && status === 'complete',
    translations: steps.filter((step) => step.translation !== undefined).length,
    // A round is one in which the model's call was read (llm.decide): the reply that hit the round cap asked, but no round followed.
    toolRounds: new Set(steps.filter((step) => step.id === 'llm.decide').map((step) => step.iteration)).size,
    executions,
    roundCapReached: steps.some((step) => step.fault?.rule === 'round-cap'),
    topology: steps.some((step) => step.id === 'host.provider-mcp') ? 'provider' : 'host',
    reportedCalls: steps.filter((step) => step.id === 'provider.reported.tools-call.request').length,
    rounds,
    steps: stepFacts,
  };
}
