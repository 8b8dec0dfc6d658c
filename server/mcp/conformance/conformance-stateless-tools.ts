import { CLIENT_CAPABILITIES_META_KEY, inputRequired, inputResponse, MissingRequiredClientCapabilityError } from '@modelcontextprotocol/server';
import type { ServerContext, Tool } from '@modelcontextprotocol/server';
import { z } from 'zod';
import type { ConformanceTool, ConformanceToolResult } from './conformance-tools.ts';

/**
 * The diagnostic tools of the 2026-07-28 suite's server-stateless scenario (SEP-2575):
 * one that needs a capability the request may not declare (sampling), answered with
 * -32021 when it does not; one that asks for a form, whose answer stream must carry only
 * the result (the question rides in input_required, never as a request of its own); and
 * one that logs, which the SDK keeps off the wire unless the request set a log level.
 */

const noArguments = z.object({});
const NO_ARGUMENTS_SCHEMA: Tool['inputSchema'] = { type: 'object', properties: {} };

function define(name: string, description: string, run: (context: ServerContext) => Promise<ConformanceToolResult> | ConformanceToolResult): ConformanceTool {
  return { definition: { name, description, inputSchema: NO_ARGUMENTS_SCHEMA }, arguments: noArguments, run: (_input, context) => run(context) };
}

const EnvelopeSchema = z.object({ [CLIENT_CAPABILITIES_META_KEY]: z.looseObject({ sampling: z.unknown().optional() }).optional() });

export const statelessConformanceTools: ConformanceTool[] = [
  define('test_missing_capability', 'Needs the client’s sampling: refused with -32021 when the request does not declare it', (context) => {
    const declared = EnvelopeSchema.safeParse(context.mcpReq.envelope ?? {}).data?.[CLIENT_CAPABILITIES_META_KEY];
    if (declared?.sampling === undefined) throw new MissingRequiredClientCapabilityError({ requiredCapabilities: { sampling: {} } });
    const reply = inputResponse(context.mcpReq.inputResponses, 'summary');
    if (reply.kind === 'sampling') return { content: [{ type: 'text', text: 'The client declared sampling and answered.' }] };
    return inputRequired({
      inputRequests: { summary: inputRequired.createMessage({ messages: [{ role: 'user', content: { type: 'text', text: 'Say hello.' } }], maxTokens: 20 }) },
    });
  }),
  define('test_streaming_elicitation', 'Asks for a form; the question rides in the result (input_required), never as a request on the stream', (context) => {
    const reply = inputResponse(context.mcpReq.inputResponses, 'confirm');
    if (reply.kind === 'elicit') return { content: [{ type: 'text', text: `The user answered ${reply.action}.` }] };
    return inputRequired({
      inputRequests: {
        confirm: inputRequired.elicit({ message: 'Go on?', requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] } }),
      },
    });
  }),
  define('test_logging_tool', 'Logs one message at level info: sent only when the request set a log level', async (context) => {
    await context.mcpReq.log('info', 'test_logging_tool ran');
    return { content: [{ type: 'text', text: 'Logged one message at level info (sent only if the request asked for logs).' }] };
  }),
];
