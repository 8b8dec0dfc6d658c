import { STOP_CAUSE_OUTCOMES, type ReplyArrival, type StopCause } from '../trace/index.ts';
import type { ReplyStop } from './types.ts';

export const FINISHED: ReplyStop = { outcome: 'finished' };

/** A stop named by its cause; the outcome (the run's status) follows from the cause. */
export function nameStop({
  cause,
  path,
  value,
  message,
  arrived,
}: {
  cause: StopCause;
  path: string;
  value: string;
  message?: string;
  arrived?: ReplyArrival;
}): ReplyStop {
  return {
    outcome: STOP_CAUSE_OUTCOMES[cause],
    cause,
    path,
    value,
    ...(message !== undefined ? { message } : {}),
    ...(arrived !== undefined ? { arrived } : {}),
  };
}

/** A whole reply without the field that says it is over: the provider never said it finished, so it is not an answer. */
export function nameMissingStop({ path, value = 'missing' }: { path: string; value?: string }): ReplyStop {
  return nameStop({ cause: 'stop-missing', path, value });
}

/** A token limit reached while the model was writing calls cut them; otherwise it cut the answer. */
export function nameTokenLimit({ hasToolCalls, path, value }: { hasToolCalls: boolean; path: string; value: string }): ReplyStop {
  return nameStop({ cause: hasToolCalls ? 'tool-call-cut' : 'token-limit', path, value });
}
