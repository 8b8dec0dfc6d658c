import { inputRequired, inputResponse } from '@modelcontextprotocol/server';
import type { CallToolResult, ElicitRequestFormParams, InputRequiredResult, ServerContext, Tool } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { RED_PIXEL_PNG_BASE64, TONE_WAV_BASE64 } from './conformance-media.ts';
import { WATCHED_URI, type WatchedResourceState } from './conformance-resources.ts';
import { describeSamplingReply, elicitationSchemas } from './conformance-requests.ts';

/**
 * The tools of /mcp/conformance: the official conformance suite's fixtures, with the
 * names, arguments and results its scenarios check. The tools that reach back to the
 * client (sampling, elicitation) are written once as multi round-trip handlers: a
 * 2026-07-28 client gets `input_required` and sends the call again with its answers;
 * on a 2025-11-25 session the SDK's shim sends the same request to the client as
 * sampling/createMessage or elicitation/create on the call's stream and runs the
 * handler again with the reply.
 */

export type ConformanceToolResult = CallToolResult | InputRequiredResult;

export type ConformanceTool = {
  definition: Tool;
  arguments: z.ZodObject;
  run: (input: Record<string, unknown>, context: ServerContext, state: WatchedResourceState) => Promise<ConformanceToolResult> | ConformanceToolResult;
};

const noArguments = z.object({}).strict();
const PROGRESS_STEP_DELAY_MS = 50;
const RECONNECT_DELAY_MS = 200;

function defineConformanceTool<Input extends z.ZodObject>(tool: {
  name: string;
  description: string;
  arguments: Input;
  /** A schema written out by hand, where the suite checks keywords zod would not produce. */
  inputSchema?: Tool['inputSchema'];
  run: (input: z.infer<Input>, context: ServerContext, state: WatchedResourceState) => Promise<ConformanceToolResult> | ConformanceToolResult;
}): ConformanceTool {
  const { $schema: _dialect, ...derived } = z.toJSONSchema(tool.arguments, { io: 'input' }) as Record<string, unknown>;
  return {
    definition: { name: tool.name, description: tool.description, inputSchema: tool.inputSchema ?? (derived as Tool['inputSchema']) },
    arguments: tool.arguments,
    run: (input, context, state) => tool.run(input as z.infer<Input>, context, state),
  };
}

function text(value: string): CallToolResult {
  return { content: [{ type: 'text', text: value }] };
}

/** Waits, but stops early (by throwing) when the client cancels the call. */
function wait(milliseconds: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new Error('The call was cancelled.'));
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, milliseconds);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new Error('The call was cancelled.'));
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** Asks the client once for a form; on the call's second round, describes what came back. */
function elicitOnce(context: ServerContext, params: ElicitRequestFormParams, describe: (reply: string) => string): ConformanceToolResult {
  const reply = inputResponse(context.mcpReq.inputResponses, 'form');
  if (reply.kind === 'elicit') return text(describe(`action=${reply.action}, content=${JSON.stringify(reply.content ?? {})}`));
  return inputRequired({ inputRequests: { form: inputRequired.elicit(params) } });
}

/**
 * The 2020-12 keywords the suite checks survive tools/list (SEP-1613, and SEP-2106's
 * $anchor, allOf/anyOf and if/then/else): a phone or an email, and the one that
 * contactMethod names when it names phone.
 */
const JSON_SCHEMA_2020_12_INPUT: Tool['inputSchema'] = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  $defs: { address: { $anchor: 'addressDef', type: 'object', properties: { street: { type: 'string' }, city: { type: 'string' } } } },
  properties: {
    name: { type: 'string' },
    address: { $ref: '#/$defs/address' },
    contactMethod: { type: 'string', enum: ['phone', 'email'] },
    phone: { type: 'string' },
    email: { type: 'string' },
  },
  allOf: [{ anyOf: [{ required: ['phone'] }, { required: ['email'] }] }],
  if: { properties: { contactMethod: { const: 'phone' } }, required: ['contactMethod'] },
  then: { required: ['phone'] },
  else: { required: ['email'] },
  additionalProperties: false,
};

/** The same rules for the server's own check of the arguments: zod cannot publish them as the schema above, so the two sit side by side. */
const jsonSchema2020Arguments = z
  .object({
    name: z.string().optional(),
    address: z.object({ street: z.string().optional(), city: z.string().optional() }).optional(),
    contactMethod: z.enum(['phone', 'email']).optional(),
    phone: z.string().optional(),
    email: z.string().optional(),
  })
  .strict()
  .superRefine((input, check) => {
    // if/then/else: phone when contactMethod is phone, email otherwise; that also covers allOf's "phone or email".
    const needed = input.contactMethod === 'phone' ? 'phone' : 'email';
    if (input[needed] === undefined)
      check.addIssue({ code: 'custom', path: [needed], message: `${needed} is required when contactMethod is ${input.contactMethod ?? 'not given'}` });
  });

export const conformanceTools: ConformanceTool[] = [
  defineConformanceTool({
    name: 'greet',
    description: 'Greets by name, at once: the tasks extension scenarios call it as the tool that never becomes a task.',
    arguments: z.object({ name: z.string() }).strict(),
    run: ({ name }) => text(`Hello, ${name}!`),
  }),
  defineConformanceTool({
    name: 'test_simple_text',
    description: 'Returns one text block.',
    arguments: noArguments,
    run: () => text('This is a simple text response for testing.'),
  }),
  defineConformanceTool({
    name: 'test_image_content',
    description: 'Returns an image block: a 1×1 red PNG.',
    arguments: noArguments,
    run: () => ({ content: [{ type: 'image', data: RED_PIXEL_PNG_BASE64, mimeType: 'image/png' }] }),
  }),
  defineConformanceTool({
    name: 'test_audio_content',
    description: 'Returns an audio block: a tenth of a second of a 440 Hz tone as WAV.',
    arguments: noArguments,
    run: () => ({ content: [{ type: 'audio', data: TONE_WAV_BASE64, mimeType: 'audio/wav' }] }),
  }),
  defineConformanceTool({
    name: 'test_embedded_resource',
    description: 'Returns a resource embedded in the result, text and all.',
    arguments: noArguments,
    run: () => ({
      content: [{ type: 'resource', resource: { uri: 'test://embedded-resource', mimeType: 'text/plain', text: 'This is an embedded resource content.' } }],
    }),
  }),
  defineConformanceTool({
    name: 'test_multiple_content_types',
    description: 'Returns text, an image and an embedded JSON resource in one result.',
    arguments: noArguments,
    run: () => ({
      content: [
        { type: 'text', text: 'Multiple content types test:' },
        { type: 'image', data: RED_PIXEL_PNG_BASE64, mimeType: 'image/png' },
        {
          type: 'resource',
          resource: { uri: 'test://mixed-content-resource', mimeType: 'application/json', text: JSON.stringify({ test: 'data', value: 123 }) },
        },
      ],
    }),
  }),
  defineConformanceTool({
    name: 'test_tool_with_logging',
    description: 'Sends three info log messages while it runs, 50 ms apart.',
    arguments: noArguments,
    run: async (_input, context) => {
      await context.mcpReq.log('info', 'Tool execution started');
      await wait(PROGRESS_STEP_DELAY_MS, context.mcpReq.signal);
      await context.mcpReq.log('info', 'Tool processing data');
      await wait(PROGRESS_STEP_DELAY_MS, context.mcpReq.signal);
      await context.mcpReq.log('info', 'Tool execution completed');
      return text('Tool with logging executed: it sent three log messages at level info.');
    },
  }),
  defineConformanceTool({
    name: 'test_error_handling',
    description: 'Always fails, reporting the failure as a tool result with isError, not as a protocol error.',
    arguments: noArguments,
    run: () => ({ isError: true, content: [{ type: 'text', text: 'This tool intentionally returns an error for testing' }] }),
  }),
  defineConformanceTool({
    name: 'test_tool_with_progress',
    description: 'Reports progress 0, 50 and 100 of 100, 50 ms apart, when the call carries a progressToken.',
    arguments: noArguments,
    run: async (_input, context) => {
      const token = context.mcpReq._meta?.progressToken;
      for (const progress of [0, 50, 100]) {
        if (progress > 0) await wait(PROGRESS_STEP_DELAY_MS, context.mcpReq.signal);
        if (token !== undefined) await context.mcpReq.notify({ method: 'notifications/progress', params: { progressToken: token, progress, total: 100 } });
      }
      return text(
        token === undefined
          ? 'Tool with progress executed (no progressToken, so no progress was sent).'
          : 'Tool with progress executed: progress 0, 50 and 100 of 100 sent.',
      );
    },
  }),
  defineConformanceTool({
    name: 'test_sampling',
    description: "Asks the client's model to answer a prompt (sampling/createMessage), and returns the answer.",
    arguments: z.object({ prompt: z.string().describe('The prompt to send to the LLM') }).strict(),
    run: ({ prompt }, context) => {
      const reply = inputResponse(context.mcpReq.inputResponses, 'completion');
      if (reply.kind === 'sampling') return text(`LLM response: ${describeSamplingReply(reply.result)}`);
      return inputRequired({
        inputRequests: { completion: inputRequired.createMessage({ messages: [{ role: 'user', content: { type: 'text', text: prompt } }], maxTokens: 100 }) },
      });
    },
  }),
  defineConformanceTool({
    name: 'test_elicitation',
    description: 'Asks the user for a username and an email address (elicitation/create, form mode), and returns the answer.',
    arguments: z.object({ message: z.string().describe('The message to show the user') }).strict(),
    run: ({ message }, context) => elicitOnce(context, { message, requestedSchema: elicitationSchemas.userDetails }, (reply) => `User response: ${reply}`),
  }),
  defineConformanceTool({
    name: 'test_elicitation_sep1034_defaults',
    description: 'Asks for a form whose every field (string, integer, number, enum, boolean) has a default (SEP-1034).',
    arguments: noArguments,
    run: (_input, context) =>
      elicitOnce(
        context,
        { message: 'Please review your details; each field has a default.', requestedSchema: elicitationSchemas.withDefaults },
        (reply) => `Elicitation completed: ${reply}`,
      ),
  }),
  defineConformanceTool({
    name: 'test_elicitation_sep1330_enums',
    description: 'Asks for a form with every kind of enum field: untitled and titled, single and multiple choice, and the legacy enumNames (SEP-1330).',
    arguments: noArguments,
    run: (_input, context) =>
      elicitOnce(
        context,
        { message: 'Please pick from each list.', requestedSchema: elicitationSchemas.allEnumKinds },
        (reply) => `Elicitation completed: ${reply}`,
      ),
  }),
  defineConformanceTool({
    name: 'json_schema_2020_12_tool',
    description:
      'Tool with JSON Schema 2020-12 features: $schema, $defs with an $anchor and a $ref, allOf/anyOf, if/then/else, additionalProperties false (SEP-1613, SEP-2106).',
    arguments: jsonSchema2020Arguments,
    inputSchema: JSON_SCHEMA_2020_12_INPUT,
    run: (input) => text(`Received: ${JSON.stringify(input)}`),
  }),
  defineConformanceTool({
    name: 'test_reconnection',
    description: "Closes the call's SSE stream before answering (SEP-1699): a 2025-11-25 client reconnects with GET and Last-Event-ID and is sent the result.",
    arguments: noArguments,
    run: async (_input, context) => {
      const closeStream = context.http?.closeSSE;
      closeStream?.();
      await wait(RECONNECT_DELAY_MS, context.mcpReq.signal);
      if (closeStream)
        return text('Reconnection test completed: the stream was closed first, and this result waited in the event store for the client to reconnect.');
      // The SDK offers no close where the client could not resume: a 2026-07-28 request, or
      // one naming a revision before 2025-11-25, whose clients cannot read a priming event.
      return text(
        "Reconnection test completed: this request's stream cannot be resumed (it is a 2026-07-28 request, or names a revision before 2025-11-25), so it was left open and the result came on it.",
      );
    },
  }),
  defineConformanceTool({
    name: 'update_watched_resource',
    description: `Changes ${WATCHED_URI}; a session that subscribed to it is sent notifications/resources/updated.`,
    arguments: noArguments,
    run: async (_input, context, state) => {
      const revision = state.update();
      if (!state.isSubscribed(WATCHED_URI))
        return text(`${WATCHED_URI} is now at revision ${revision}. Nobody subscribed to it here, so no notification was sent.`);
      await context.mcpReq.notify({ method: 'notifications/resources/updated', params: { uri: WATCHED_URI } });
      return text(`${WATCHED_URI} is now at revision ${revision}; notifications/resources/updated was sent, as this session subscribed to it.`);
    },
  }),
];
