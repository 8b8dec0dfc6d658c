import { STOP_CAUSE_OUTCOMES, type StopCause } from '../trace/stop-causes.ts';
import type { ReplyStop } from './types.ts';

export const FINISHED: ReplyStop = { outcome: 'finished' };

/** A stop named by its cause; the outcome (the run's status) follows from the cause. */
export function nameStop({ cause, path, value, message }: { cause: StopCause; path: string; value: string; message?: string }): ReplyStop {
  return { outcome: STOP_CAUSE_OUTCOMES[cause], cause, path, value, ...(message !== undefined ? { message } : {}) };
}

/** A token limit reached while the model was writing calls cut them; otherwise it cut the answer. */
export function nameTokenLimit({ hasToolCalls, path, value }: { hasToolCalls: boolean; path: string; value: string }): ReplyStop {
  return nameStop({ cause: hasToolCalls ? 'tool-call-cut' : 'token-limit', path, value });
}
