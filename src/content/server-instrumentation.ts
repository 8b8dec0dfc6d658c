/**
 * The server's own reports (steps 4, 13, 14 and 15): progress notifications in which this
 * teaching server tells what it does inside (reading its registry, finding the tool,
 * validating, running it). The protocol allows a server to send progress, but no real
 * server reports these stages, so a learner must not expect them from the servers they meet.
 */
export const INSTRUMENTATION_STEP_IDS: ReadonlySet<string> = new Set([
  'server.registry-read',
  'server.registry-lookup',
  'server.validate-arguments',
  'server.execute',
]);

export const INSTRUMENTATION_BADGE = 'teaching server only';

export const INSTRUMENTATION_NOTE =
  'This teaching server’s own instrumentation: it reports this stage of its inside work as a notifications/progress message so you can watch it. Real MCP servers do the work but do not send such reports.';

export function isServerInstrumentation(stepId: string): boolean {
  return INSTRUMENTATION_STEP_IDS.has(stepId);
}
