import {
  CLIENT_CAPABILITIES_META_KEY,
  createRequestStateCodec,
  inputRequired,
  inputResponse,
  ProtocolError,
  ProtocolErrorCode,
} from '@modelcontextprotocol/server';
import type { CallToolResult, GetPromptResult, InputRequest, InputRequiredResult, ServerContext, Tool } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { describeSamplingReply } from './conformance-requests.ts';
import type { ConformanceTool, ConformanceToolResult } from './conformance-tools.ts';

/**
 * The 2026-07-28 suite's multi round-trip fixtures (SEP-2322, input-required-result-*):
 * tools that answer `input_required` with the exact keys and requests the scenarios
 * check, and complete once the client sends the call again with its answers. Those that
 * carry `requestState` seal it with the MCP SDK's HMAC codec (createRequestStateCodec)
 * and verify it on the way back, refusing a state that fails (-32602), as the spec asks
 * of state that comes back through the client. The key is made once per process: every
 * round of a flow reaches the same process here (npm start's server, or the page's
 * Service Worker).
 */

const codec = createRequestStateCodec<{ round: number; name?: string }>({ key: crypto.getRandomValues(new Uint8Array(32)) });

const noArguments = z.object({});
const NO_ARGUMENTS_SCHEMA: Tool['inputSchema'] = { type: 'object', properties: {} };

function define(name: string, description: string, run: (context: ServerContext) => Promise<ConformanceToolResult> | ConformanceToolResult): ConformanceTool {
  return { definition: { name, description, inputSchema: NO_ARGUMENTS_SCHEMA }, arguments: noArguments, run: (_input, context) => run(context) };
}

function text(value: string): CallToolResult {
  return { content: [{ type: 'text', text: value }] };
}

const askName = (message: string) =>
  inputRequired.elicit({ message, requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] } });

/** The state the client sent back, verified; undefined when none came (a first round). A state that fails its check is refused. */
async function readState(context: ServerContext): Promise<{ round: number; name?: string } | undefined> {
  const raw = context.mcpReq.requestState<unknown>();
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string') throw new ProtocolError(ProtocolErrorCode.InvalidParams, 'requestState must be the string this server sent.');
  try {
    return await codec.verify(raw, context);
  } catch (error) {
    throw new ProtocolError(
      ProtocolErrorCode.InvalidParams,
      `requestState failed its integrity check (${error instanceof Error ? error.message : 'invalid'}): it is not the state this server sent.`,
    );
  }
}

const acceptedText = (context: ServerContext, key: string, field: string): string | undefined => {
  const reply = inputResponse(context.mcpReq.inputResponses, key);
  if (reply.kind !== 'elicit' || reply.action !== 'accept') return undefined;
  const value = reply.content?.[field];
  return typeof value === 'string' ? value : value === undefined ? undefined : JSON.stringify(value);
};

const describeRoots = (context: ServerContext, key: string): string | undefined => {
  const reply = inputResponse(context.mcpReq.inputResponses, key);
  return reply.kind === 'roots' ? `${reply.roots.length} root(s): ${reply.roots.map((root) => root.uri).join(', ')}` : undefined;
};

const describeSampling = (context: ServerContext, key: string): string | undefined => {
  const reply = inputResponse(context.mcpReq.inputResponses, key);
  return reply.kind === 'sampling' ? describeSamplingReply(reply.result) : undefined;
};

const CAPITAL_QUESTION: InputRequest = inputRequired.createMessage({
  messages: [{ role: 'user', content: { type: 'text', text: 'What is the capital of France?' } }],
  maxTokens: 100,
});
const GREETING: InputRequest = inputRequired.createMessage({
  messages: [{ role: 'user', content: { type: 'text', text: 'Generate a greeting' } }],
  maxTokens: 50,
});
const CONFIRM: InputRequest = inputRequired.elicit({
  message: 'Please confirm',
  requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
});

/** The capabilities a 2026-07-28 request declares in its envelope; only these may be asked for (SEP-2322). */
const EnvelopeSchema = z.object({
  [CLIENT_CAPABILITIES_META_KEY]: z
    .looseObject({ elicitation: z.unknown().optional(), sampling: z.unknown().optional(), roots: z.unknown().optional() })
    .optional(),
});

function askWithinCapabilities(context: ServerContext): ConformanceToolResult {
  const declared = EnvelopeSchema.safeParse(context.mcpReq.envelope ?? {}).data?.[CLIENT_CAPABILITIES_META_KEY] ?? {};
  const wanted: Record<string, InputRequest> = {
    ...(declared.elicitation !== undefined ? { user_name: askName('What is your name?') } : {}),
    ...(declared.sampling !== undefined ? { capital_question: CAPITAL_QUESTION } : {}),
    ...(declared.roots !== undefined ? { client_roots: inputRequired.listRoots() } : {}),
  };
  const keys = Object.keys(wanted);
  if (keys.length === 0) return text('The request declares none of elicitation, sampling or roots, so the tool asks the client nothing.');
  const answered = keys.filter((key) => inputResponse(context.mcpReq.inputResponses, key).kind !== 'missing');
  if (answered.length === keys.length) return text(`Asked only for what the client declared (${keys.join(', ')}), and all came back.`);
  return inputRequired({ inputRequests: wanted });
}

export const inputRequiredConformanceTools: ConformanceTool[] = [
  define(
    'test_input_required_result_capabilities',
    'Asks the client only for what its request declares it can answer (elicitation, sampling, roots)',
    askWithinCapabilities,
  ),
  define('test_input_required_result_elicitation', 'Asks the user their name (input_required, elicitation), then greets them', (context) => {
    const name = acceptedText(context, 'user_name', 'name');
    return name === undefined ? inputRequired({ inputRequests: { user_name: askName('What is your name?') } }) : text(`Hello, ${name}!`);
  }),
  define('test_input_required_result_sampling', "Asks the client's model a question (input_required, sampling), then answers with its reply", (context) => {
    const reply = describeSampling(context, 'capital_question');
    return reply === undefined ? inputRequired({ inputRequests: { capital_question: CAPITAL_QUESTION } }) : text(`The model said: ${reply}`);
  }),
  define('test_input_required_result_list_roots', "Asks for the client's roots (input_required, roots/list), then names them", (context) => {
    const roots = describeRoots(context, 'client_roots');
    return roots === undefined ? inputRequired({ inputRequests: { client_roots: inputRequired.listRoots() } }) : text(`The client shares ${roots}.`);
  }),
  define(
    'test_input_required_result_request_state',
    'Asks for a confirmation with a sealed requestState, and says state-ok once the state comes back intact',
    async (context) => {
      const state = await readState(context);
      const confirmed = inputResponse(context.mcpReq.inputResponses, 'confirm');
      if (state?.round === 1 && confirmed.kind === 'elicit')
        return text(`state-ok: the requestState came back intact, and the user answered ${confirmed.action}.`);
      return inputRequired({ inputRequests: { confirm: CONFIRM }, requestState: await codec.mint({ round: 1 }) });
    },
  ),
  define(
    'test_input_required_result_tampered_state',
    'Asks for a confirmation with an HMAC-sealed requestState; a state altered on the way back is refused',
    async (context) => {
      const state = await readState(context);
      if (state?.round === 1) return text('state-ok: the requestState came back intact.');
      return inputRequired({ inputRequests: { confirm: CONFIRM }, requestState: await codec.mint({ round: 1 }) });
    },
  ),
  define('test_input_required_result_multi_round', 'Three rounds: the name, then a colour, each with a new sealed requestState', async (context) => {
    const state = await readState(context);
    const name = state?.round === 1 ? acceptedText(context, 'step1', 'name') : undefined;
    if (name !== undefined) {
      return inputRequired({
        inputRequests: {
          step2: inputRequired.elicit({
            message: 'Step 2: What is your favorite color?',
            requestedSchema: { type: 'object', properties: { color: { type: 'string' } }, required: ['color'] },
          }),
        },
        requestState: await codec.mint({ round: 2, name }),
      });
    }
    const color = state?.round === 2 ? acceptedText(context, 'step2', 'color') : undefined;
    if (color !== undefined) return text(`${state?.name ?? 'You'} likes ${color}: three rounds, the state sealed at each.`);
    return inputRequired({ inputRequests: { step1: askName('Step 1: What is your name?') }, requestState: await codec.mint({ round: 1 }) });
  }),
  define(
    'test_input_required_result_multiple_inputs',
    'Asks for a name, a greeting from the model and the roots in one round, with a sealed requestState',
    async (context) => {
      const state = await readState(context);
      const name = acceptedText(context, 'user_name', 'name');
      const greeting = describeSampling(context, 'greeting');
      const roots = describeRoots(context, 'client_roots');
      if (state?.round === 1 && name !== undefined && greeting !== undefined && roots !== undefined)
        return text(`${greeting} (to ${name}; the client shares ${roots})`);
      return inputRequired({
        inputRequests: { user_name: askName('What is your name?'), greeting: GREETING, client_roots: inputRequired.listRoots() },
        requestState: await codec.mint({ round: 1 }),
      });
    },
  ),
];

/** input-required-result-non-tool-request: input_required is not for tools only; prompts/get may ask too. */
export const INPUT_REQUIRED_PROMPT = {
  name: 'test_input_required_result_prompt',
  description: 'Asks what context to use (input_required on prompts/get), then returns a prompt built on it',
};

export function getInputRequiredPrompt(context: ServerContext): GetPromptResult | InputRequiredResult {
  const given = acceptedText(context, 'user_context', 'context');
  if (given === undefined) {
    return inputRequired({
      inputRequests: {
        user_context: inputRequired.elicit({
          message: 'What context should the prompt use?',
          requestedSchema: { type: 'object', properties: { context: { type: 'string' } }, required: ['context'] },
        }),
      },
    });
  }
  return {
    description: INPUT_REQUIRED_PROMPT.description,
    messages: [{ role: 'user', content: { type: 'text', text: `With this context in mind: ${given}. What should I do next?` } }],
  };
}
