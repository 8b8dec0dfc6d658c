import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';
import type { GetPromptResult, Prompt } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { LENGTH_UNITS } from '../tools/convert-units.ts';
import { LENGTH_UNITS_URI, readToolboxResource } from './toolbox-resources.ts';

/**
 * The prompts of /mcp/toolbox. A prompt is a conversation the server writes for the user
 * to pick (prompts/list, then prompts/get with arguments); the host, not the server,
 * sends it to the model, so its messages meet translation #5 on the way.
 */

type PromptEntry = {
  definition: Prompt;
  arguments: z.ZodObject;
  render: (values: Record<string, string>) => GetPromptResult;
};

const unitList = LENGTH_UNITS.join(', ');

const entries: PromptEntry[] = [
  {
    definition: {
      name: 'unit_conversion',
      title: 'Convert a length',
      description: `A conversation that asks for a length in another unit (${unitList}), with an instruction to use the tools`,
      arguments: [
        { name: 'value', description: 'The length, a number', required: true },
        { name: 'from', description: `The unit it is in: ${unitList}`, required: true },
        { name: 'to', description: `The unit wanted: ${unitList}`, required: true },
      ],
    },
    // Prompt arguments are strings on the wire; the server checks them as the prompt needs them.
    arguments: z.strictObject({
      value: z.string().regex(/^-?\d+(\.\d+)?$/, 'must be a number, such as 5 or 2.5'),
      from: z.enum(LENGTH_UNITS),
      to: z.enum(LENGTH_UNITS),
    }),
    render: ({ value, from, to }) => ({
      description: `Convert ${value} ${from} to ${to}`,
      messages: [
        {
          role: 'user',
          content: { type: 'text', text: 'You answer questions about lengths. Use the convert_units tool for every conversion, and answer in one sentence.' },
        },
        { role: 'assistant', content: { type: 'text', text: 'Understood: I will call convert_units and answer in one sentence.' } },
        { role: 'user', content: { type: 'text', text: `Convert ${value} ${from} to ${to}` } },
      ],
    }),
  },
  {
    definition: {
      name: 'units_with_table',
      title: 'Ask about the table of length units',
      description: 'A conversation that carries the table of length units as an embedded resource, then asks which unit is the longest',
    },
    arguments: z.strictObject({}),
    render: () => {
      const table = readToolboxResource(LENGTH_UNITS_URI);
      return {
        messages: [
          { role: 'user', content: { type: 'resource', resource: table.contents[0]! } },
          { role: 'user', content: { type: 'text', text: 'Which of these length units is the longest?' } },
        ],
      };
    },
  },
];

export const toolboxPrompts: Prompt[] = entries.map((entry) => entry.definition);

/** prompts/get: the prompt's messages with its arguments filled in, or an InvalidParams error that says which argument is wrong. */
export function getToolboxPrompt(name: string, given: Record<string, string> | undefined): GetPromptResult {
  const entry = entries.find((candidate) => candidate.definition.name === name);
  if (!entry)
    throw new ProtocolError(
      ProtocolErrorCode.InvalidParams,
      `Prompt ${name} not found. This server's prompts are ${toolboxPrompts.map((prompt) => prompt.name).join(', ')}.`,
    );
  const parsed = entry.arguments.safeParse(given ?? {});
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(arguments)'}: ${issue.message}`);
    throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Invalid arguments for prompt ${name}: ${problems.join('; ')}`);
  }
  return entry.render(parsed.data as Record<string, string>);
}
