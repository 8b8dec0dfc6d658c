import { z } from 'zod';
import { APPROVAL_DECISIONS, type ApprovalDecision } from '../trace/index.ts';
import type { McpReportEntry } from '../providers/index.ts';
import type { RunSlice } from './run-context.ts';

/** What the provider's approval gate needs: the gate, and the answer given before the run. */
export type McpApprovalContext = RunSlice<'hostStep' | 'writer', 'providerMcp'>;

/** What the learner sends back at the approval gate; anything else is read as deny. */
const ApprovalAnswerSchema = z.object({ decision: z.enum(APPROVAL_DECISIONS) });

type ApprovalRequest = Extract<McpReportEntry, { kind: 'approval-request' }>;

/**
 * The provider's approval request as a gate: the host shows the user which tool the
 * provider's MCP client wants to call, with what, on which server; the user's answer is a
 * step of its own, and nothing but an answer opens it (in the page Next does not answer
 * for the user). Once approved the call goes from the provider to the server directly:
 * the host will only read the provider's report of it.
 */
export async function askMcpApproval(context: McpApprovalContext, request: ApprovalRequest): Promise<ApprovalDecision> {
  await context.hostStep('host.ask-mcp-approval', {
    payload: {
      tool: request.name,
      arguments: request.arguments,
      approvalRequestId: request.id,
      reportedIn: request.path,
      question: `Let the provider call ${request.name} on the MCP server?`,
    },
    note: 'The provider’s MCP client, not the host’s, will make this call: once approved it goes from the provider to the server, and the host sees only what the provider reports of it.',
  });
  const preset = context.options.providerMcp?.approvalAnswer;
  const proposed = { decision: preset ?? 'approve' };
  // The step records who answered (the learner, a flag, the host's default); a bare Next is not an answer here.
  const step = await context.hostStep('user.mcp-approval', { payload: proposed }, `The user answers: approve or deny ${request.name}`, true, {
    preset: preset !== undefined,
    answerRequired: true,
  });
  const answer = ApprovalAnswerSchema.safeParse(step.payload);
  if (answer.success) return answer.data.decision;
  context.writer.update(step, {
    note: 'The answer was neither {"decision": "approve"} nor {"decision": "deny"}, so the host reads it as deny: only a clear yes lets the provider call the tool.',
  });
  return 'deny';
}
