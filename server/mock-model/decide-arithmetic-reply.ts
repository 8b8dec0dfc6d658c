import { describeExpression, formatNumber, readArithmetic, type Expression, type Operation } from './read-arithmetic.ts';
import { describeCall, type MockReply, type MockTool, type MockToolCall, type MockToolExchange } from './mock-reply.ts';
import { splitWords } from './match-tool-to-question.ts';
import { reportToolError } from './describe-tool-output.ts';
import { readResultNumber } from './read-result-number.ts';

/**
 * The mock's arithmetic: each operation in the question becomes a call to the tool named
 * for it, operands from the question or from earlier results, then the results in words.
 */

/** Whole words only, so that "address_lookup" is not an adding tool nor "timestamp" a multiplying one. */
const TOOL_KEYWORDS: Record<Operation, string[]> = {
  add: ['add', 'adds', 'adding', 'addition', 'adder', 'sum', 'sums', 'plus'],
  subtract: ['subtract', 'subtracts', 'subtracting', 'subtraction', 'minus', 'difference'],
  multiply: ['multiply', 'multiplies', 'multiplying', 'multiplication', 'multiplier', 'mul', 'product', 'times'],
  divide: ['divide', 'divides', 'dividing', 'division', 'quotient'],
};

const OPERATION_NOUNS: Record<Operation, string> = {
  add: 'adding',
  subtract: 'subtracting',
  multiply: 'multiplying',
  divide: 'dividing',
};

function mentions(text: string | undefined, operation: Operation): boolean {
  return text !== undefined && splitWords(text).some((word) => TOOL_KEYWORDS[operation].includes(word));
}

type Operand = { value: number } | { fromCall: number };
type PlannedCall = {
  operation: Operation;
  expression: Expression & { kind: 'operation' };
  left: Operand;
  right: Operand;
};

export type ArithmeticPlan =
  | { type: 'no-arithmetic' }
  /** A calculation one of whose operations no tool is for: the reply says so, unless another tool fits. */
  | { type: 'no-tool'; reply: MockReply }
  | { type: 'planned'; expressions: Expression[]; calls: PlannedCall[]; roots: number[] };

/** Post-order walk: each operation becomes a call whose operands are numbers or earlier calls' results. */
function planCalls(expressions: Expression[]): { calls: PlannedCall[]; roots: number[] } {
  const calls: PlannedCall[] = [];
  const visit = (expression: Expression): Operand => {
    if (expression.kind === 'number') return { value: expression.value };
    const left = visit(expression.left);
    const right = visit(expression.right);
    calls.push({ operation: expression.operation, expression, left, right });
    return { fromCall: calls.length - 1 };
  };
  const roots = expressions.map((expression) => {
    const operand = visit(expression);
    return 'fromCall' in operand ? operand.fromCall : -1;
  });
  return { calls, roots };
}

function scoreTool(tool: MockTool, operation: Operation): number {
  const nameMatches = mentions(tool.name, operation) ? 2 : 0;
  const descriptionMatches = mentions(tool.description, operation) ? 1 : 0;
  return nameMatches + descriptionMatches;
}

export function findToolFor(operation: Operation, tools: MockTool[]): MockTool | undefined {
  let best: MockTool | undefined;
  let bestScore = 0;
  for (const tool of tools) {
    const score = scoreTool(tool, operation);
    if (score > bestScore) {
      best = tool;
      bestScore = score;
    }
  }
  return best;
}

type JsonSchemaObject = { type?: unknown; properties?: Record<string, unknown>; required?: unknown };

function isNumeric(schema: unknown): boolean {
  if (typeof schema !== 'object' || schema === null) return false;
  const type = (schema as { type?: unknown }).type;
  const types = Array.isArray(type) ? type : [type];
  return types.some((entry) => entry === 'number' || entry === 'integer');
}

/** Fills a tool's schema with two numbers: two numeric properties, or one array of numbers. */
export function fillNumericArguments(parameters: unknown, left: number, right: number): Record<string, unknown> | undefined {
  const schema = (parameters ?? {}) as JsonSchemaObject;
  const properties = schema.properties ?? {};
  const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
  const names = [...required, ...Object.keys(properties).filter((name) => !required.includes(name))];
  const numeric = names.filter((name) => isNumeric(properties[name]));
  if (numeric.length >= 2) return { [numeric[0]!]: left, [numeric[1]!]: right };
  const arrayOfNumbers = names.find((name) => {
    const property = properties[name] as { type?: unknown; items?: unknown } | undefined;
    return property?.type === 'array' && isNumeric(property.items);
  });
  if (arrayOfNumbers) return { [arrayOfNumbers]: [left, right] };
  return undefined;
}

/** The answer in a tool's text output ("Result: 12" gives 12), without knowing the call's inputs. */
export function readNumber(output: string): number | undefined {
  return readResultNumber({ output });
}

/** What the question asks to calculate, and whether every operation has a tool for it. */
export function planArithmetic({ question, tools }: { question: string; tools: MockTool[] }): ArithmeticPlan {
  const expressions = readArithmetic(question);
  if (expressions.length === 0) return { type: 'no-arithmetic' };
  const { calls, roots } = planCalls(expressions);
  const unserved = calls.find((call) => !findToolFor(call.operation, tools));
  if (unserved) {
    return {
      type: 'no-tool',
      reply: {
        type: 'text',
        text: `I cannot work out ${describeExpression(unserved.expression)}: none of the tools offered is for ${OPERATION_NOUNS[unserved.operation]}, and as a mock model I do no arithmetic myself.`,
        reasoning: `The question needs ${OPERATION_NOUNS[unserved.operation]}; no tool's name or description mentions it.`,
      },
    };
  }
  return { type: 'planned', expressions, calls, roots };
}

/** The next calls whose operands are known, or the results in words once every call is answered. */
export function decideArithmeticReply({
  plan,
  tools,
  exchanges,
}: {
  plan: Extract<ArithmeticPlan, { type: 'planned' }>;
  tools: MockTool[];
  exchanges: MockToolExchange[];
}): MockReply {
  const { expressions, calls, roots } = plan;
  const failed = exchanges.find((exchange) => exchange.isError);
  if (failed) return reportToolError(failed);

  const results: (number | undefined)[] = [];
  const valueOf = (operand: Operand): number | undefined => ('value' in operand ? operand.value : results[operand.fromCall]);
  // In call order, so each result is read knowing its call's inputs ("The sum of 5 and 7 is 12" answers 12, not 5).
  exchanges.forEach((exchange, index) => {
    const call = calls[index];
    const operands = call ? [valueOf(call.left), valueOf(call.right)].filter((value): value is number => value !== undefined) : [];
    results.push(readResultNumber({ output: exchange.output, operands }));
  });

  if (exchanges.length < calls.length) {
    const ready: MockToolCall[] = [];
    for (let index = exchanges.length; index < calls.length; index++) {
      const call = calls[index]!;
      const left = valueOf(call.left);
      const right = valueOf(call.right);
      if (left === undefined || right === undefined) break;
      const tool = findToolFor(call.operation, tools)!;
      const filled = fillNumericArguments(tool.parameters, left, right);
      if (!filled) {
        return {
          type: 'text',
          text: `The ${tool.name} tool does not take two numbers, so I cannot call it for ${describeExpression(call.expression)}.`,
          reasoning: `${tool.name} fits by name, but its schema has no two numeric arguments to fill.`,
        };
      }
      ready.push({ name: tool.name, arguments: filled });
    }
    if (ready.length > 0) {
      return {
        type: 'tool-calls',
        calls: ready,
        reasoning: `The question asks for ${expressions.map((expression) => describeExpression(expression)).join(' and ')}; calling ${ready.map(describeCall).join(' and ')}.`,
      };
    }
  }

  const sentences = expressions.map((expression, index) => {
    const root = roots[index]!;
    const value = results[root];
    if (value === undefined) {
      return `the tool said “${exchanges[root]?.output ?? ''}” for ${describeExpression(expression)}`;
    }
    return `${describeExpression(expression)} is ${formatNumber(value)}`;
  });
  const text = sentences.join(', and ');
  return {
    type: 'text',
    text: `${text.charAt(0).toUpperCase()}${text.slice(1)}.`,
    reasoning: 'Every tool result is in; putting them into words.',
  };
}
