import type { Step } from '../../trace/index.ts';
import type { PendingStep } from '../../lifecycle/index.ts';
import { ConsentAnswer } from './consent-answer.tsx';
import { McpApprovalAnswer } from './mcp-approval-answer.tsx';
import { ElicitationAnswer } from './elicitation-answer.tsx';
import { OpenLinkAnswer } from './open-link-answer.tsx';
import { SamplingReview } from './sampling-review.tsx';
import type { AnswerGate } from './answer-gates.ts';

/** The panel of each answer gate; a chunk of its own (gate-answer.tsx loads it), as each reads the server's request with zod. */
export function GateAnswerPanel({ id, pending, last }: { id: AnswerGate; pending: PendingStep; last: Step | undefined }) {
  switch (id) {
    case 'user.consent':
      return <ConsentAnswer asked={last?.id === 'host.ask-consent' ? last.payload : undefined} />;
    case 'user.mcp-approval':
      return <McpApprovalAnswer asked={last?.id === 'host.ask-mcp-approval' ? last.payload : undefined} />;
    case 'host.sampling.review':
      return <SamplingReview review={pending.payload} />;
    case 'user.elicitation.answer':
      return <ElicitationAnswer asked={last?.id === 'host.elicitation.ask' ? last.payload : undefined} key={last?.n} />;
    case 'user.open-link':
      return <OpenLinkAnswer asked={last?.id === 'host.ask-open-link' ? last.payload : undefined} key={last?.n} />;
    default: {
      const unexpected: never = id;
      throw new Error(`Unknown gate ${String(unexpected)}`);
    }
  }
}
