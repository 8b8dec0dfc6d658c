/** Runs `workers` loops side by side until the deadline or the task count is reached. */

export type WorkerTask = (worker: number) => Promise<void>;

export async function runWorkers(input: { workers: number; task: WorkerTask; until?: number; tasks?: number }): Promise<number> {
  let started = 0;
  const keepGoing = () => (input.until === undefined || performance.now() < input.until) && (input.tasks === undefined || started < input.tasks);
  await Promise.all(
    Array.from({ length: input.workers }, async (_, worker) => {
      while (keepGoing()) {
        started++;
        await input.task(worker);
      }
    }),
  );
  return started;
}

export function formatMegabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
