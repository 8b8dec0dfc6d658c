import type { TraceStatus } from '../../src/trace/index.ts';

/**
 * The CLI's exit code for how a run ended, so a script can tell a stop from a failure:
 * 0 a full answer, 1 a failure (or a stop before the end), 2 a wrong command line (set by
 * the argument checks), 3 the model refused, 4 the reply was cut off, 5 a filter blocked it,
 * 6 the user declined a call the host asked them about, 7 the reply did not finish arriving
 * (a stream or body that stopped before the provider said it was over).
 */
export function exitCodeFor(status: TraceStatus): number {
  switch (status) {
    case 'complete':
      return 0;
    case 'failed':
    case 'aborted':
    case 'running':
      return 1;
    case 'refused':
      return 3;
    case 'truncated':
      return 4;
    case 'blocked':
      return 5;
    case 'declined':
      return 6;
    case 'interrupted':
      return 7;
    default: {
      const unknownStatus: never = status;
      throw new Error(`Unknown trace status ${String(unknownStatus)}`);
    }
  }
}
