import { decideAnyToolReply } from './decide-any-tool-reply.ts';
import { decideArithmeticReply, planArithmetic } from './decide-arithmetic-reply.ts';
import { decideSamplingReply } from './decide-sampling-reply.ts';
import type { MockReply, MockTool, MockToolExchange } from './mock-reply.ts';

/**
 * The deterministic model: arithmetic through the tool named for each operation, or any
 * other tool the question's words fit, or words alone. Every variant starts from it.
 */

export type MockInput = { question: string; tools: MockTool[]; exchanges: MockToolExchange[] };

function greet(tools: MockTool[]): MockReply {
  const offered = tools.length > 0 ? ` I was offered ${tools.map((tool) => tool.name).join(', ')}.` : ' I was offered no tools.';
  return {
    type: 'text',
    text: `Hello! I am the explorer's mock model: I follow fixed rules instead of thinking. I call a tool for arithmetic, or a tool whose name or description uses the words of the question.${offered} Try “What is 5 plus 7?”.`,
    reasoning: 'No calculation in the question and no tool whose words it uses, so no tool fits; answering directly.',
  };
}

export function decideDeterministicReply({ question, tools, exchanges }: MockInput): MockReply {
  const phrased = decideSamplingReply({ question, tools });
  if (phrased) return phrased;
  const plan = planArithmetic({ question, tools });
  switch (plan.type) {
    case 'planned':
      return decideArithmeticReply({ plan, tools, exchanges });
    case 'no-tool':
      return decideAnyToolReply({ question, tools, exchanges }) ?? plan.reply;
    case 'no-arithmetic':
      return decideAnyToolReply({ question, tools, exchanges }) ?? greet(tools);
    default: {
      const unknownPlan: never = plan;
      throw new Error(`Unknown plan ${JSON.stringify(unknownPlan)}`);
    }
  }
}
