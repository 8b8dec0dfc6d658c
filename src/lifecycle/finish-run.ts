import type { Fault, Trace } from '../trace/trace.ts';
import { HostFault, RunAborted } from './faults.ts';
import type { RunContext } from './run-context.ts';

const UNEXPECTED = {
  why: 'An unexpected error in the explorer itself.',
  fix: 'Press Reset and try again; if it repeats, report it with the exported trace.',
};

/** The last step of a failed run: what went wrong, in the phase it went wrong in. */
function recordFault(context: Pick<RunContext, 'writer' | 'state'>, error: unknown): void {
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
 * Runs the lifecycle to its end, whatever happens: complete, aborted by the learner, or
 * failed with a step that explains. The MCP client is closed in every case, so no
 * connection outlives the run; resolves with the finished trace.
 */
export async function runToEnd(context: RunContext, lifecycle: () => Promise<void>): Promise<Trace> {
  const { writer } = context;
  try {
    await lifecycle();
    // The model answered, but without the call the user refused: that is not the whole lifecycle.
    writer.setStatus(context.state.declined ? 'declined' : 'complete');
  } catch (error) {
    if (error instanceof RunAborted || context.signal.aborted) {
      writer.setStatus('aborted');
    } else {
      recordFault(context, error);
      writer.setStatus('failed');
    }
  } finally {
    await context.state.connection?.close({ terminate: false });
  }
  return context.trace;
}
