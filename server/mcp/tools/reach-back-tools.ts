import { inputRequired, inputResponse, isInputRequiredResult } from '@modelcontextprotocol/server';
import type { CallToolResult, ElicitRequestFormParams, InputRequiredResult } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { defineTool } from '../tool-registry.ts';

/**
 * The tools that reach back to the client while they run. Each is written once as a
 * multi round-trip handler: a 2026-07-28 client gets `resultType: "input_required"` and
 * sends the call again with `inputResponses`; on a 2025-11-25 session the SDK sends the
 * same request to the client on the call's stream (sampling/createMessage,
 * elicitation/create) and runs the handler again with the reply. Sampling asks the
 * host's model; elicitation asks the user, in a form or on a page of this server.
 */

/** The key each tool gives its one request in inputRequests, and reads the reply by. */
export const PHRASING_KEY = 'phrasing';
export const MISSING_NUMBER_KEY = 'missing-number';
export const SIGN_IN_KEY = 'sign-in';
/** Where the URL-mode tool sends the user: a page of the built-in server (server/http serves it). */
export const ELICITATION_PAGE_PATH = '/mcp/toolbox/elicitation-page';

type Answer = { kind: 'answer'; text: string };
type Reply = Answer | InputRequiredResult;

const sumArguments = z.strictObject({
  a: z.number().describe('The first number'),
  b: z.number().describe('The second number'),
});

/** The request the tool sends the host's model: the words it wants back, and a small cap, since one sentence is all it needs. */
export function writePhrasingRequest({ a, b, sum }: { a: number; b: number; sum: number }) {
  return inputRequired.createMessage({
    messages: [{ role: 'user', content: { type: 'text', text: `Put this result into one short sentence for the user: ${a} + ${b} = ${sum}.` } }],
    systemPrompt: 'You phrase arithmetic results for a user, in one plain sentence.',
    maxTokens: 100,
  });
}

export const phraseSum = defineTool({
  name: 'phrase_sum',
  asksClient: true,
  description: 'Adds two numbers, then asks the client’s model (sampling) to put the sum into one sentence',
  input: sumArguments,
  handler: ({ a, b }, context): Reply => {
    const sum = a + b;
    const reply = inputResponse(context.inputResponses, PHRASING_KEY);
    if (reply.kind === 'sampling') {
      // The client may say the model would not phrase it; the tool then answers with the sum itself rather than pass a refusal off as its sentence.
      if (reply.result.stopReason === 'refusal')
        return { kind: 'answer', text: `The client’s model refused to phrase the result (stopReason "refusal"), so here it is plainly: ${a} + ${b} = ${sum}.` };
      const blocks = Array.isArray(reply.result.content) ? reply.result.content : [reply.result.content];
      const text = blocks
        .map((block) => (block.type === 'text' ? block.text : `[${block.type}]`))
        .join(' ')
        .trim();
      return { kind: 'answer', text: text || `The model gave no words; the sum is ${sum}.` };
    }
    return inputRequired({ inputRequests: { [PHRASING_KEY]: writePhrasingRequest({ a, b, sum }) } });
  },
  present: presentReply,
});

/** The form the elicitation tool asks for: one number, with a default the CLI can accept. */
export const MISSING_NUMBER_SCHEMA = {
  type: 'object',
  properties: {
    b: { type: 'number', title: 'The second number', description: 'The number to add to the first', default: 7 },
    confirm: { type: 'boolean', title: 'Add them', description: 'Tick to let the server add the numbers', default: true },
  },
  required: ['b'],
} satisfies ElicitRequestFormParams['requestedSchema'];

export const askForNumber = defineTool({
  name: 'ask_for_number',
  asksClient: true,
  description: 'Adds a number to another that the user is asked for (elicitation, form mode)',
  input: z.strictObject({ a: z.number().describe('The number the user gave') }),
  handler: ({ a }, context): Reply => {
    const reply = inputResponse(context.inputResponses, MISSING_NUMBER_KEY);
    if (reply.kind !== 'elicit') {
      return inputRequired({
        inputRequests: {
          [MISSING_NUMBER_KEY]: inputRequired.elicit({ message: `What number should be added to ${a}?`, requestedSchema: MISSING_NUMBER_SCHEMA }),
        },
      });
    }
    if (reply.action !== 'accept')
      return { kind: 'answer', text: `The user chose ${reply.action}: nothing was added to ${a}. Ask again, or give both numbers.` };
    const b = reply.content?.b;
    if (typeof b !== 'number' || !Number.isFinite(b))
      return { kind: 'answer', text: `The form came back without a number b (it held ${JSON.stringify(reply.content ?? {})}), so nothing was added.` };
    if (reply.content?.confirm === false) return { kind: 'answer', text: `The user did not confirm: ${a} + ${b} was not computed.` };
    return { kind: 'answer', text: `Result: ${a + b}` };
  },
  present: presentReply,
});

export const signInFirst = defineTool({
  name: 'sign_in_first',
  asksClient: true,
  description: 'Sends the user to a page of this server (elicitation, URL mode) before it answers',
  input: z.strictObject({}),
  handler: (_input, context): Reply => {
    const reply = inputResponse(context.inputResponses, SIGN_IN_KEY);
    if (reply.kind === 'elicit') {
      return {
        kind: 'answer',
        text:
          reply.action === 'accept'
            ? "The client answered accept: the user says they are done on the server's page. This teaching server asks nothing there, so it takes their word: signed in."
            : `The user chose ${reply.action}: not signed in, so nothing was done.`,
      };
    }
    return inputRequired({
      inputRequests: {
        [SIGN_IN_KEY]: inputRequired.elicitUrl({
          message: 'Open this page of the server to sign in, then come back.',
          url: context.serverOrigin ? `${context.serverOrigin}${ELICITATION_PAGE_PATH}` : ELICITATION_PAGE_PATH,
        }),
      },
    });
  },
  present: presentReply,
});

function presentReply(reply: Reply): CallToolResult {
  // The handler passes an input_required answer straight through (create-mcp-server.ts); only words get here.
  if (isInputRequiredResult(reply)) return { content: [{ type: 'text', text: 'The tool is waiting for the client’s input.' }], isError: true };
  return { content: [{ type: 'text', text: reply.text }] };
}

export const reachBackTools = [phraseSum, askForNumber, signInFirst];
