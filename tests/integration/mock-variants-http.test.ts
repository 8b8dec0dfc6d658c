import { describe, expect, it } from 'vitest';
import {
  STRING_ARGUMENT_WIRES,
  WIRE_IDS,
  startConversation,
  type ToolDefinition,
  type ToolOutcome,
  type WireCall,
  type WireId,
  type WireTurn,
} from './mock-variant-wires.ts';
import { QUESTION } from '../helpers/fixtures.ts';
import { useServer } from '../helpers/use-server.ts';

/**
 * Each variant of the mock model over real HTTP, in each of the six wire formats. The
 * test plays the host and the MCP server: it answers each call the way they would (host
 * errors for arguments that are not an object, -32602 for an unknown tool, a validation
 * error for a word where a number belongs) and posts the follow-up in the format's shape.
 */

const server = useServer();

const twoNumbers = { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] };
const addNumbers: ToolDefinition = { name: 'add_numbers', description: 'Adds two numbers', parameters: twoNumbers };
const divideNumbers: ToolDefinition = { name: 'divide_numbers', description: 'Divides a by b', parameters: twoNumbers };
const units = { type: 'string', enum: ['meters', 'kilometers', 'miles', 'feet'] };
const convertUnits: ToolDefinition = {
  name: 'convert_units',
  description: 'Converts a length from one unit to another',
  parameters: { type: 'object', properties: { value: { type: 'number' }, from: units, to: units }, required: ['value', 'from', 'to'] },
};

type Handler = (values: Record<string, unknown>) => ToolOutcome;
const HANDLERS: Record<string, Handler> = {
  add_numbers: ({ a, b }) => ({ text: `Result: ${(a as number) + (b as number)}`, isError: false }),
  divide_numbers: ({ b }) => (b === 0 ? { text: 'Tool divide_numbers failed: Cannot divide by zero', isError: true } : { text: 'Result: 1', isError: false }),
  convert_units: () => ({ text: '3.11 miles', isError: false }),
};

/** What the host and the MCP server make of one call: translation #2, the registry lookup, validation, the handler. */
function runTool(wire: WireId, call: WireCall, tools: ToolDefinition[]): ToolOutcome {
  let values = call.arguments;
  if (STRING_ARGUMENT_WIRES.includes(wire) && typeof values === 'string') {
    try {
      values = JSON.parse(values);
    } catch (error) {
      return { text: `The arguments for ${call.name} are not valid JSON (${(error as Error).message}). Received: ${values as string}`, isError: true };
    }
  }
  if (typeof values !== 'object' || values === null || Array.isArray(values)) {
    return { text: `The arguments for ${call.name} must be a JSON object, but were: ${JSON.stringify(values)}`, isError: true };
  }
  const tool = tools.find((entry) => entry.name === call.name);
  if (!tool) return { text: `MCP error -32602: Tool ${call.name} not found`, isError: true };
  const properties = tool.parameters.properties as Record<string, { type: string }>;
  const record = values as Record<string, unknown>;
  const wrong = Object.keys(properties).find((key) => properties[key]!.type === 'number' && typeof record[key] !== 'number');
  if (wrong)
    return {
      text: `Input validation error: Invalid arguments for tool ${tool.name}: ${wrong}: Invalid input: expected number, received ${typeof record[wrong]}`,
      isError: true,
    };
  return HANDLERS[tool.name]!(record);
}

/** Rounds until the model answers in words, or the host's cap of 5 tool rounds is passed. */
async function converse(wire: WireId, model: string, question: string, tools: ToolDefinition[]): Promise<WireTurn[]> {
  const conversation = startConversation({ base: server.url, wire, model, question, tools });
  const turns: WireTurn[] = [];
  for (let round = 1; round <= 6; round++) {
    const turn = await conversation.send();
    expect(turn.status, turn.rawBody).toBe(200);
    turns.push(turn);
    if (turn.calls.length === 0) break;
    conversation.answer(turn.calls.map((call) => runTool(wire, call, tools)));
  }
  return turns;
}

function readArguments(call: WireCall): unknown {
  if (typeof call.arguments !== 'string') return call.arguments;
  try {
    return JSON.parse(call.arguments);
  } catch {
    return call.arguments;
  }
}

describe.each(WIRE_IDS)('the mock model in %s', (wire) => {
  it('is the deterministic model under an unknown model name: one call, then "5 plus 7 is 12."', async () => {
    const turns = await converse(wire, 'some-real-model', QUESTION, [addNumbers]);
    expect(turns.map((turn) => turn.calls.map((call) => [call.name, readArguments(call)]))).toEqual([[['add_numbers', { a: 5, b: 7 }]], []]);
    expect(turns.at(-1)!.text).toBe('5 plus 7 is 12.');
    expect(turns.every((turn) => turn.model === 'mock-model-deterministic')).toBe(true);
  });

  describe('mock-model-sloppy', () => {
    it('writes 5 as "five", reads the validation error, calls again with numbers, then answers', async () => {
      const turns = await converse(wire, 'mock-model-sloppy', QUESTION, [addNumbers]);
      expect(turns).toHaveLength(3);
      expect(readArguments(turns[0]!.calls[0]!)).toEqual({ a: 'five', b: 7 });
      expect(turns[1]!.calls.map((call) => [call.name, readArguments(call)])).toEqual([['add_numbers', { a: 5, b: 7 }]]);
      expect(turns[2]!.text).toBe('5 plus 7 is 12.');
      expect(turns.every((turn) => turn.model === 'mock-model-sloppy')).toBe(true);
    });

    it('does the same with any tool: "Convert 5 kilometers to miles"', async () => {
      const turns = await converse(wire, 'mock-model-sloppy', 'Convert 5 kilometers to miles', [convertUnits]);
      expect(turns.map((turn) => turn.calls.map(readArguments))).toEqual([
        [{ value: 'five', from: 'kilometers', to: 'miles' }],
        [{ value: 5, from: 'kilometers', to: 'miles' }],
        [],
      ]);
      expect(turns[2]!.text).toBe('The convert_units tool says: 3.11 miles.');
    });
  });

  describe('mock-model-inventive', () => {
    it('calls "add", reads that the tool was not found, calls add_numbers, then answers', async () => {
      const turns = await converse(wire, 'mock-model-inventive', QUESTION, [addNumbers]);
      expect(turns.map((turn) => turn.calls.map((call) => [call.name, readArguments(call)]))).toEqual([
        [['add', { a: 5, b: 7 }]],
        [['add_numbers', { a: 5, b: 7 }]],
        [],
      ]);
      expect(turns[2]!.text).toBe('5 plus 7 is 12.');
    });
  });

  describe('mock-model-broken-json', () => {
    it('writes arguments that are not JSON, in a body that is, then recovers', async () => {
      const turns = await converse(wire, 'mock-model-broken-json', QUESTION, [addNumbers]);
      expect(turns).toHaveLength(3);
      expect(() => JSON.parse(turns[0]!.rawBody)).not.toThrow();
      // A string formats' arguments string, or a string where an object format's object belongs.
      expect(turns[0]!.calls[0]).toMatchObject({ name: 'add_numbers', arguments: '{"a":5,"b":7' });
      expect(turns[1]!.calls.map(readArguments)).toEqual([{ a: 5, b: 7 }]);
      expect(turns[2]!.text).toBe('5 plus 7 is 12.');
    });
  });

  describe('mock-model-relentless', () => {
    it('keeps adding the result to 7 and never answers, so only the cap stops it', async () => {
      const turns = await converse(wire, 'mock-model-relentless', QUESTION, [addNumbers]);
      expect(turns).toHaveLength(6);
      expect(turns.map((turn) => turn.calls.map(readArguments))).toEqual([5, 12, 19, 26, 33, 40].map((a) => [{ a, b: 7 }]));
      expect(turns.every((turn) => turn.text === null || turn.text === '')).toBe(true);
    });
  });

  it('reports "7 divided by 0" failing in words, without trying again', async () => {
    const turns = await converse(wire, 'mock-model-deterministic', 'What is 7 divided by 0?', [divideNumbers]);
    expect(turns).toHaveLength(2);
    expect(turns[1]!.text).toBe('The divide_numbers tool reported an error, so I cannot give the result: Tool divide_numbers failed: Cannot divide by zero');
  });
});
