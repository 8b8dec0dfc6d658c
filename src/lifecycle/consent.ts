import { z } from 'zod';
import type { McpTool } from '../providers/index.ts';
import type { RunSlice } from './run-context.ts';
import type { ToolCallParams } from './run-state-types.ts';

import { CONSENT_DECISIONS, type ConsentDecision } from './run-state-types.ts';

/** What the consent gate needs: the gate, and the answer given before the run. */
export type ConsentContext = RunSlice<'hostStep' | 'writer', 'answers'>;

export { CONSENT_DECISIONS, type ConsentDecision };

/** What the learner sends back at the consent gate; anything else is read as deny. */
const ConsentAnswerSchema = z.object({ decision: z.enum(CONSENT_DECISIONS) });

/**
 * Whether the host asks the user before this call. The spec's default for
 * destructiveHint is true (when readOnlyHint is not), so a strict host asks for every
 * tool that does not say otherwise; this host asks only when the server says
 * destructiveHint: true, to keep the other lessons to their point, and says so.
 */
export function needsConsent(tool: McpTool | undefined): boolean {
  const annotations = tool?.annotations;
  return annotations?.destructiveHint === true && annotations.readOnlyHint !== true;
}

/**
 * The consent gate: the host shows the user which tool wants to run, with what, and the
 * hints the server gave; the user's answer is a step of its own. Annotations come from the
 * server, which the host cannot verify, so they decide when to ask, never that it is safe.
 */
export async function askConsent(context: ConsentContext, { tool, params }: { tool: McpTool; params: ToolCallParams }): Promise<ConsentDecision> {
  await context.hostStep('host.ask-consent', {
    payload: { tool: params.name, arguments: params.arguments, annotations: tool.annotations ?? {}, question: `Allow the host to call ${params.name}?` },
    note: 'Annotations are hints from the server. The host cannot check them: a server could call a destructive tool read-only. They tell a host when to ask, never that a call is safe.',
  });
  const proposed = { decision: context.options.answers?.consent ?? 'allow' };
  const step = await context.hostStep('user.consent', { payload: proposed }, `The user answers: allow or deny ${params.name}`, true, {
    preset: context.options.answers?.consent !== undefined,
  });
  const answer = ConsentAnswerSchema.safeParse(step.payload);
  if (answer.success) return answer.data.decision;
  context.writer.update(step, {
    note: 'The answer was neither {"decision": "allow"} nor {"decision": "deny"}, so the host reads it as deny: only a clear yes lets a destructive call go.',
  });
  return 'deny';
}
