import { ANSWER_REPLY_STEPS, STEP_DEFINITIONS, TOOL_CALL_REPLY_STEPS, type StepDefinition } from '../trace/index.ts';
import type { Step, TraceStatus } from '../trace/index.ts';
import { describeMovedToProvider, type ProviderHopFacts } from './provider-mcp-words.ts';

/**
 * The canonical steps a finished run never reached, each with the reason, so the
 * timeline can show what the simple story has that this run did not.
 */
export type MissingStep = {
  canonical: number;
  title: string;
  reason: string;
  /** Show it after this index of the recorded steps (-1: before them all). */
  afterIndex: number;
};

const CANONICAL_TITLES = new Map<number, string>();
for (const definition of Object.values(STEP_DEFINITIONS) as StepDefinition[]) {
  if (definition.canonical !== null && !CANONICAL_TITLES.has(definition.canonical)) CANONICAL_TITLES.set(definition.canonical, definition.title);
}

/** The reason when the run says no more than that: a sentence that ends there, never one to add to. */
export const NOT_THIS_RUN = 'This step did not happen in this run.';

function readDecision(payload: unknown): unknown {
  return typeof payload === 'object' && payload !== null && 'decision' in payload ? payload.decision : undefined;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A 2026-07-28 completed task's tasks/get answer carries the tool result inside it. */
function carriesToolResult(step: Step): boolean {
  return step.id === 'mcp.task.completed' && isRecord(step.payload) && isRecord(step.payload.result) && isRecord(step.payload.result.result);
}

/** Where the result of a call that became a task came instead of the tools/call answer, as the trace shows. */
function describeTaskResult(steps: readonly Step[]): string {
  if (steps.some((step) => step.id === 'mcp.tasks-result.response'))
    return 'The call became a task: the tools/call answer was the task, and the result came later, as the answer to tasks/result.';
  if (steps.some(carriesToolResult)) {
    return 'The call became a task: the tools/call answer was the task, and the result came later, inside the task’s completed status (tasks/get).';
  }
  return 'The call became a task, and the task ended without a tool result (see its last status).';
}

export function findMissingSteps({ steps, status }: { steps: Step[]; status: TraceStatus | 'idle' }): MissingStep[] {
  if (status === 'running' || status === 'idle') return [];
  const seen = new Set(steps.map((step) => step.canonical).filter((canonical): canonical is number => canonical !== null));
  const calledTools = steps.some((step) => TOOL_CALL_REPLY_STEPS.has(step.id));
  const answered = steps.some((step) => ANSWER_REPLY_STEPS.has(step.id));
  const lastReached = Math.max(0, ...seen);
  const denied = steps.some((step) => step.id === 'user.consent' && readDecision(step.payload) !== 'allow');
  const endedAtClient = steps.some(
    (step) => step.id === 'client.result-to-host' && typeof step.payload === 'object' && step.payload !== null && 'error' in step.payload,
  );
  // Provider-side MCP: the provider was the MCP client, so most of the twenty happened there, out of the host's sight.
  const providerHop: ProviderHopFacts | undefined = steps.some((step) => step.id === 'host.provider-mcp')
    ? {
        serverSawProgress: steps.some((step) => step.id === 'server.seen.notification'),
        approvalDenied: steps.some((step) => step.id === 'user.mcp-approval' && readDecision(step.payload) !== 'approve'),
        callsReported: steps.some((step) => step.id === 'provider.reported.tools-call.request'),
      }
    : undefined;
  const missing: MissingStep[] = [];
  for (let canonical = 1; canonical <= 20; canonical++) {
    if (seen.has(canonical)) continue;
    let reason: string;
    const moved = providerHop ? describeMovedToProvider(canonical, providerHop) : undefined;
    if (moved !== undefined && (status === 'complete' || status === 'declined' || canonical <= lastReached)) {
      reason = moved;
    } else if (status !== 'complete' && canonical > lastReached) {
      reason = status === 'aborted' ? 'The run was stopped before this step.' : 'The run stopped before this step: see the last recorded step.';
    } else if (!calledTools && answered && canonical >= 9 && canonical <= 18) {
      reason = 'The model answered without calling a tool, so there was no call to translate, send or run.';
    } else if (!calledTools && status === 'interrupted' && canonical >= 9 && canonical <= 18) {
      // A cut reply may have held the start of a call: it is not a call until it has all arrived.
      reason = 'The reply broke off before it was complete, so no tool call could be read from it: nothing was translated, sent or run.';
    } else if (!calledTools && canonical >= 9 && canonical <= 18) {
      reason = 'The model called no tool, so there was no call to translate, send or run.';
    } else if (denied && canonical >= 12 && canonical <= 17) {
      reason = 'The call was denied at the consent gate, so no tools/call left the host.';
    } else if (canonical === 16 && steps.some((step) => step.id === 'mcp.task.created')) {
      reason = describeTaskResult(steps);
    } else if (endedAtClient && canonical === 16) {
      reason = 'The call ended at the client with the client’s own error, so the server sent no result.';
    } else {
      reason = NOT_THIS_RUN;
    }
    let afterIndex = -1;
    steps.forEach((step, index) => {
      if (step.canonical !== null && step.canonical < canonical) afterIndex = index;
    });
    missing.push({ canonical, title: CANONICAL_TITLES.get(canonical) ?? `Step ${canonical}`, reason, afterIndex });
  }
  return missing;
}
