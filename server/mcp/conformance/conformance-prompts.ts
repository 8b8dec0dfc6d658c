import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';
import type { CompleteRequestParams, CompleteResult, GetPromptResult, Prompt } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { RED_PIXEL_PNG_BASE64 } from './conformance-media.ts';
import { DATA_TEMPLATE } from './conformance-resources.ts';

/**
 * The prompts of /mcp/conformance, named and worded as the conformance suite expects,
 * and completion/complete for their arguments and for the resource template's id.
 */

type PromptEntry = {
  definition: Prompt;
  arguments: z.ZodObject;
  render: (values: Record<string, string>) => GetPromptResult;
};

const noArguments = z.object({}).strict();

const entries: PromptEntry[] = [
  {
    definition: { name: 'test_simple_prompt', description: 'A prompt with no arguments: one user message.' },
    arguments: noArguments,
    render: () => ({ messages: [{ role: 'user', content: { type: 'text', text: 'This is a simple prompt for testing.' } }] }),
  },
  {
    definition: {
      name: 'test_prompt_with_arguments',
      description: 'A prompt whose text carries its two arguments.',
      arguments: [
        { name: 'arg1', description: 'First test argument', required: true },
        { name: 'arg2', description: 'Second test argument', required: true },
      ],
    },
    arguments: z.object({ arg1: z.string(), arg2: z.string() }).strict(),
    render: ({ arg1, arg2 }) => ({ messages: [{ role: 'user', content: { type: 'text', text: `Prompt with arguments: arg1='${arg1}', arg2='${arg2}'` } }] }),
  },
  {
    definition: {
      name: 'test_prompt_with_embedded_resource',
      description: 'A prompt that embeds a resource, then asks for it to be processed.',
      arguments: [{ name: 'resourceUri', description: 'URI of the resource to embed', required: true }],
    },
    arguments: z.object({ resourceUri: z.string() }).strict(),
    render: ({ resourceUri }) => ({
      messages: [
        {
          role: 'user',
          content: { type: 'resource', resource: { uri: resourceUri!, mimeType: 'text/plain', text: 'Embedded resource content for testing.' } },
        },
        { role: 'user', content: { type: 'text', text: 'Please process the embedded resource above.' } },
      ],
    }),
  },
  {
    definition: { name: 'test_prompt_with_image', description: 'A prompt with an image (a 1×1 red PNG), then a question about it.' },
    arguments: noArguments,
    render: () => ({
      messages: [
        { role: 'user', content: { type: 'image', data: RED_PIXEL_PNG_BASE64, mimeType: 'image/png' } },
        { role: 'user', content: { type: 'text', text: 'Please analyze the image above.' } },
      ],
    }),
  },
];

const byName = new Map(entries.map((entry) => [entry.definition.name, entry]));

export const conformancePrompts: Prompt[] = entries.map((entry) => entry.definition);

export function getConformancePrompt(name: string, given: Record<string, string> | undefined): GetPromptResult {
  const entry = byName.get(name);
  if (!entry) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Prompt ${name} not found. The prompts here are ${[...byName.keys()].join(', ')}.`);
  const parsed = entry.arguments.safeParse(given ?? {});
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(arguments)'}: ${issue.message}`);
    throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Invalid arguments for prompt ${name}: ${problems.join('; ')}`);
  }
  return entry.render(parsed.data as Record<string, string>);
}

/** Suggestions per argument, filtered by what the user has typed so far. */
const PROMPT_SUGGESTIONS: Record<string, Record<string, string[]>> = {
  test_prompt_with_arguments: { arg1: ['hello', 'help', 'testValue1'], arg2: ['world', 'word', 'testValue2'] },
};
const TEMPLATE_SUGGESTIONS: Record<string, Record<string, string[]>> = {
  [DATA_TEMPLATE]: { id: ['1', '12', '123', '42'] },
};
/** The spec caps completion values at 100 per answer. */
const MAX_COMPLETION_VALUES = 100;

export function completeConformanceArgument(params: CompleteRequestParams): CompleteResult {
  const { ref, argument } = params;
  const table = ref.type === 'ref/prompt' ? PROMPT_SUGGESTIONS[ref.name] : TEMPLATE_SUGGESTIONS[ref.uri];
  if (ref.type === 'ref/prompt' && !byName.has(ref.name)) {
    throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Prompt ${ref.name} not found, so it has no arguments to complete.`);
  }
  const candidates = table?.[argument.name] ?? [];
  const values = candidates.filter((candidate) => candidate.toLowerCase().startsWith(argument.value.toLowerCase()));
  return { completion: { values: values.slice(0, MAX_COMPLETION_VALUES), total: values.length, hasMore: values.length > MAX_COMPLETION_VALUES } };
}
