import { type MockReply, type MockTool, type MockToolCall, type MockToolExchange } from './mock-reply.ts';
import { describeToolOutput, reportToolError } from './describe-tool-output.ts';
import { fillArgumentsFromSchema } from './fill-arguments-from-schema.ts';
import { matchToolToQuestion, type ToolMatch } from './match-tool-to-question.ts';

/**
 * The mock with any MCP server: when the question is no calculation a tool serves, it
 * calls the tool whose words the question uses, with arguments read from the question
 * by the tool's schema, then says what the tool answered. One call, then words.
 */

function describeMatch(match: ToolMatch): string {
  const words = [...match.nameWords.map((word) => `"${word}" (in its name)`), ...match.descriptionWords.map((word) => `"${word}" (in its description)`)];
  return `the question says ${words.join(', ')}`;
}

/**
 * A tool that answered by naming another tool (unlock_temperature_tool: "convert_temperature
 * is now unlocked"), when that tool is now offered, fits the question and was not called yet:
 * the mock calls it next. Anything else ends in words.
 */
function decideFollowUp({
  question,
  tools,
  exchanges,
  answered,
}: {
  question: string;
  tools: MockTool[];
  exchanges: MockToolExchange[];
  answered: MockToolExchange;
}): MockReply | undefined {
  const called = new Set(exchanges.map((exchange) => exchange.name));
  const named = tools.filter((tool) => !called.has(tool.name) && answered.output.includes(tool.name));
  const match = matchToolToQuestion({ question, tools: named });
  if (!match) return undefined;
  const filled = fillArgumentsFromSchema({ schema: match.tool.parameters, question, toolName: match.tool.name });
  if (!filled.ok) return undefined;
  return {
    type: 'tool-calls',
    calls: [{ name: match.tool.name, arguments: filled.arguments }],
    reasoning: `${answered.name} answered by naming ${match.tool.name}, which is offered now and fits because ${describeMatch(match)}; calling it with arguments read from the question.`,
  };
}

/** The reply for a question some tool fits by its words, or undefined when none does. */
export function decideAnyToolReply({
  question,
  tools,
  exchanges,
}: {
  question: string;
  tools: MockTool[];
  exchanges: MockToolExchange[];
}): MockReply | undefined {
  const match = matchToolToQuestion({ question, tools });
  if (!match) return undefined;
  const { tool } = match;
  const answered = exchanges.at(-1);
  if (answered) {
    if (answered.isError) return reportToolError(answered);
    return (
      decideFollowUp({ question, tools, exchanges, answered }) ?? {
        type: 'text',
        text: describeToolOutput(answered),
        reasoning: `${answered.name} answered; putting what it said into words.`,
      }
    );
  }
  const filled = fillArgumentsFromSchema({ schema: tool.parameters, question, toolName: tool.name });
  if (!filled.ok) {
    return {
      type: 'text',
      text: `The ${tool.name} tool fits the question, but it needs ${filled.missing}, and the question gives none.`,
      reasoning: `${tool.name} fits because ${describeMatch(match)}, but a required argument cannot be read from the question.`,
    };
  }
  const call: MockToolCall = { name: tool.name, arguments: filled.arguments };
  const notes = filled.notes.length > 0 ? ` Note: ${filled.notes.join('; ')}.` : '';
  return {
    type: 'tool-calls',
    calls: [call],
    // Named arguments, unlike the arithmetic calls' "(5, 7)": the learner sees which word went where.
    reasoning: `${tool.name} fits because ${describeMatch(match)}; calling ${tool.name}(${JSON.stringify(call.arguments)}) with arguments read from the question.${notes}`,
  };
}
