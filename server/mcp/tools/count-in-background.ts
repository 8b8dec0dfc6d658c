import type { ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { TaskProtocolError } from '../tasks/task-store.ts';
import { defineTool, type RegisteredTool, type ToolContext } from '../tool-registry.ts';

/**
 * A tool that takes long enough to be a task: it counts in the background, one number
 * at a time, and halfway asks the user whether to go on (an elicitation mid-task, the
 * task input_required until the answer comes). The counter holds 10: counting past it
 * breaks the server's own work, which is a protocol error, so the task ends failed
 * (not a tool error, which a task reports as completed with isError).
 */

/** The form the task asks with halfway: go on or stop, with a default the CLI can accept. */
export const GO_ON_SCHEMA = {
  type: 'object',
  properties: { goOn: { type: 'boolean', title: 'Go on counting', description: 'Untick to stop where the count is now', default: true } },
  required: ['goOn'],
} satisfies ElicitRequestFormParams['requestedSchema'];

/** The counter's capacity: a count past it fails the task. */
export const COUNTER_CAPACITY = 10;

type Count = { counted: number; to: number; stoppedByUser: boolean };

const GoOnAnswerSchema = z.looseObject({
  action: z.enum(['accept', 'decline', 'cancel']),
  content: z.looseObject({ goOn: z.boolean().optional() }).optional(),
});

/** How long a task of the toolbox's count_in_background stays after its creation: five minutes. */
const COUNT_TASK_TTL_MS = 5 * 60_000;

export function createCountInBackground({
  intervalMs,
  pollIntervalMs,
  ttlMs = COUNT_TASK_TTL_MS,
}: {
  intervalMs: number;
  pollIntervalMs: number;
  ttlMs?: number;
}): RegisteredTool {
  return defineTool({
    name: 'count_in_background',
    description:
      'Counts from 1 up to a number in the background, as a task: the call answers with the task at once, and halfway the task asks the user whether to go on',
    input: z.strictObject({
      to: z
        .number()
        .int()
        .min(1)
        .max(COUNTER_CAPACITY + 2)
        .describe(`The number to count to, 1 to ${COUNTER_CAPACITY + 2} (the counter holds ${COUNTER_CAPACITY})`),
    }),
    task: { support: 'required', pollIntervalMs, ttlMs },
    handler: async ({ to }, context): Promise<Count> => {
      const halfway = Math.ceil(to / 2);
      for (let count = 1; count <= to; count += 1) {
        await waitUnlessCancelled(intervalMs, context.signal);
        if (count > COUNTER_CAPACITY)
          throw new TaskProtocolError({ code: -32603, message: `The counter overflowed at ${count}: it holds ${COUNTER_CAPACITY} at most.` });
        context.task?.say(`Counted ${count} of ${to}.`);
        if (count === halfway && count < to && !(await askToGoOn(context, count, to))) return { counted: count, to, stoppedByUser: true };
      }
      return { counted: to, to, stoppedByUser: false };
    },
    present: ({ counted, to, stoppedByUser }) => ({
      content: [{ type: 'text', text: stoppedByUser ? `Stopped at ${counted} of ${to}, as the user asked.` : `Counted to ${to} in the background.` }],
    }),
  });
}

/** 0.4 s a count, a poll every 0.5 s: a count to 5 shows the task working a few times, then asking, then done. */
export const countInBackground = createCountInBackground({ intervalMs: 400, pollIntervalMs: 500 });

/** Halfway, the user decides: only an accepted form that keeps "go on" ticked counts on. */
async function askToGoOn(context: ToolContext, count: number, to: number): Promise<boolean> {
  if (!context.task) return true;
  const answer = await context.task.askClient(
    { method: 'elicitation/create', params: { mode: 'form', message: `Counted ${count} of ${to}. Go on counting to ${to}?`, requestedSchema: GO_ON_SCHEMA } },
    `Counted ${count} of ${to}: waiting for the user to say whether to go on.`,
  );
  const parsed = GoOnAnswerSchema.safeParse(answer);
  return parsed.success && parsed.data.action === 'accept' && parsed.data.content?.goOn !== false;
}

function waitUnlessCancelled(milliseconds: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new Error('The task was cancelled.'));
    const stop = () => {
      clearTimeout(timer);
      reject(new Error('The task was cancelled.'));
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', stop);
      resolve();
    }, milliseconds);
    signal.addEventListener('abort', stop, { once: true });
  });
}
