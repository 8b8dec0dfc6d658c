import { z } from 'zod';
import { CallArguments, GateChoices } from './gate-choices.tsx';
import { GatePanel } from './gate-panel.tsx';

/** What host.ask-mcp-approval put before the user (src/lifecycle/mcp-approval.ts). */
const AskedSchema = z.looseObject({ tool: z.string(), arguments: z.unknown().optional(), reportedIn: z.string().optional() });

/**
 * The provider's approval request: which tool its own MCP client wants to call, with what,
 * and Approve / Deny. Next does not answer it: the answer goes back to the provider as an
 * mcp_approval_response, and only the user may give it.
 */
export function McpApprovalAnswer({ asked }: { asked: unknown }) {
  const parsed = AskedSchema.safeParse(asked);
  const tool = parsed.success ? parsed.data.tool : 'this tool';
  return (
    <GatePanel title={`Let the provider call ${tool}?`} testId="mcp-approval-answer">
      {parsed.success && parsed.data.arguments !== undefined && (
        <CallArguments args={parsed.data.arguments}>
          {parsed.data.reportedIn ? (
            <>
              {' '}
              (the provider’s request, at <code className="font-mono">{parsed.data.reportedIn}</code> of its reply)
            </>
          ) : null}
        </CallArguments>
      )}
      <p className="text-xs">
        The provider’s own MCP client makes this call, straight to the server: once approved, the host sees only what the provider reports. Your answer goes
        back as an <code className="font-mono">mcp_approval_response</code>. Next does not answer for you.
      </p>
      <GateChoices
        choices={[
          { label: `Approve ${tool}`, answer: { decision: 'approve' } },
          { label: 'Deny', answer: { decision: 'deny' } },
        ]}
      />
    </GatePanel>
  );
}
