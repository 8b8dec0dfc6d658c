import { describeSessionEndAfterRun } from '../content/index.ts';
import type { Fault, Trace, TraceStatus } from '../trace/index.ts';
import { HostFault, RunAborted } from './faults.ts';
import type { RunSlice } from './run-context.ts';
import { closeAllViews, type ViewsContext } from './app-views.ts';

/** What ending a run needs: the writer, the session to end, the views to close. */
export type FinishRunContext = ViewsContext & RunSlice<'writer' | 'trace' | 'traffic' | 'signal', never, 'phase' | 'connection'>;

const UNEXPECTED = {
  why: 'An unexpected error in the explorer itself.',
  fix: 'Press Reset and try again; if it repeats, report it with the exported trace.',
};

/** The last step of a failed run: what went wrong, in the phase it went wrong in. */
function recordFault(context: Pick<FinishRunContext, 'writer' | 'state'>, error: unknown): void {
  const fault: Fault =
    error instanceof HostFault ? error.fault : { what: `The host failed: ${error instanceof Error ? error.message : String(error)}`, ...UNEXPECTED };
  context.writer.append('host.fault', {
    payload: { error: fault.what, why: fault.why, fix: fault.fix },
    fault,
    title: `The run stopped: ${fault.what}`,
    phase: error instanceof HostFault && error.phase ? error.phase : context.state.phase,
  });
}

/**
 * Whether the server can still be asked to end the session: not when the latest MCP answer
 * said it no longer knows it (404), nor when the latest MCP request got no answer at all
 * (the server is unreachable; a DELETE would only add a second failure to the trace).
 */
function isSessionUsable(context: Pick<FinishRunContext, 'trace'>): boolean {
  const latest = context.trace.steps.findLast((step) => step.http !== undefined && step.id.startsWith('mcp.'));
  if (!latest?.http) return true;
  if (latest.http.status === 404) return false;
  return latest.http.status !== undefined || latest.http.error === undefined;
}

/**
 * A run that ends before its own DELETE (a failure, a reset, a stop) leaves its session on
 * the server, which would keep it, and its memory, until it idles out. The host ends it
 * here, as a step of its own after the run's last one, titled with why it was sent.
 */
async function endLeftoverSession(context: FinishRunContext, status: TraceStatus): Promise<void> {
  const connection = context.state.connection;
  if (!connection?.sessionId || !isSessionUsable(context)) return;
  context.traffic.endRun(describeSessionEndAfterRun(status === 'failed' || status === 'aborted' ? status : 'ended'));
  // The DELETE's own failure is in its step (the recorder keeps the error); the run's outcome stands.
  await connection.endSession().catch(() => {});
}

/**
 * Runs the lifecycle to its end, whatever happens: the status it ended with (complete, or
 * the stop a reply named: refused, truncated, blocked…), aborted by the learner, or failed
 * with a step that explains. A session still open is ended (DELETE) and the MCP client is
 * closed in every case, so neither outlives the run; resolves with the finished trace.
 */
export async function runToEnd(context: FinishRunContext, lifecycle: () => Promise<Exclude<TraceStatus, 'running' | 'aborted'>>): Promise<Trace> {
  const { writer } = context;
  let status: TraceStatus;
  try {
    status = await lifecycle();
  } catch (error) {
    if (error instanceof RunAborted || context.signal.aborted) {
      status = 'aborted';
    } else {
      recordFault(context, error);
      status = 'failed';
    }
  }
  try {
    // A view still on screen (the run failed or was reset) is told before its frame goes, as the extension asks.
    await closeAllViews(context, status === 'aborted' ? 'The run was reset' : `The run ended ${status}`);
    await endLeftoverSession(context, status);
  } finally {
    await context.state.connection?.close({ terminate: false });
  }
  writer.setStatus(status);
  return context.trace;
}
