import { useEffect, useState } from 'react';
import { SAMPLING_ANSWER_MS } from '../../lifecycle/index.ts';

/**
 * The wait for the model's answer to a server's sampling request, with the host's limit:
 * a model that never answers (the stalling mock) keeps the page still for the whole limit,
 * so the learner sees how long is left rather than a run that looks stuck. The count
 * starts when the request goes out and sits outside the live region, which says the limit
 * once instead of a number every second.
 */
export function SamplingWait() {
  const [startedAt] = useState(() => Date.now());
  const [now, setNow] = useState(startedAt);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = Math.max(0, Math.ceil((SAMPLING_ANSWER_MS - (now - startedAt)) / 1000));
  return (
    <span className="font-mono text-xs text-slate-500 dark:text-slate-400" data-testid="sampling-countdown">
      {left} s left
    </span>
  );
}

export const SAMPLING_WAIT_STATUS = `Waiting for the model to answer the server’s sampling request: the host stops waiting after ${SAMPLING_ANSWER_MS / 1000} s…`;
