import { HostFault, RunAborted } from './faults.ts';

/**
 * The static site's built-in server is a Service Worker that may still be installing when the
 * learner presses Next. The question and the host's first step need no server, so the run shows
 * them at once and waits here, before its first message: outside every exchange, so no step's
 * time counts the install.
 */
export async function waitForServer({ ready, signal }: { ready: Promise<void> | undefined; signal: AbortSignal }): Promise<void> {
  if (!ready) return;
  const stopped = new Promise<never>((_, reject) => {
    if (signal.aborted) reject(new RunAborted());
    signal.addEventListener('abort', () => reject(new RunAborted()), { once: true });
  });
  try {
    await Promise.race([ready, stopped]);
  } catch (error) {
    if (error instanceof RunAborted) throw error;
    throw new HostFault(
      {
        what: 'The built-in MCP server could not start in this browser.',
        why: `It runs in a Service Worker, and the browser reported: ${error instanceof Error ? error.message : String(error)}`,
        fix: 'Reload the page. If it fails again, choose a real provider and an MCP server by URL in the model settings: they need no built-in server.',
      },
      'discovery',
    );
  }
}
