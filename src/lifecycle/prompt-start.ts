import { HostFault } from './faults.ts';
import { explainMcpError, guardMcpCall, type McpCallContext } from './guard-mcp-call.ts';
import type { RunSlice } from './run-context.ts';
import { WAIT_FOR_LEARNER_MS } from './timeouts.ts';

/** A prompt the user picked, with its arguments (prompt arguments are strings on the wire). */
import type { PromptChoice } from './run-state-types.ts';

/** What a start from a prompt needs: the connection, the gate, and the adapter for translation #5. */
export type PromptStartContext = McpCallContext & RunSlice<'traffic' | 'say' | 'adapter' | 'hostStep', never, 'connection'>;

export type { PromptChoice };

/**
 * A run that starts from a prompt: prompts/list (what the user chose from), prompts/get
 * with the user's arguments, and translation #5 of the prompt's messages into the
 * provider's conversation. The server wrote the conversation; the host sends it, so it
 * is the host's decision and the host's translation, not the server's.
 */
export async function startFromPrompt(context: PromptStartContext, choice: PromptChoice): Promise<unknown> {
  const { connection } = context.state;
  if (!connection) throw new Error('The MCP client is not connected.');
  const options = { onprogress: () => {}, timeout: WAIT_FOR_LEARNER_MS };
  try {
    const listed = await guardMcpCall(context, 'during prompts/list', (signal) =>
      connection.request((client) => client.listPrompts(undefined, { ...options, signal })),
    );
    await context.traffic.answered('prompts/list');
    if (!listed.prompts.some((prompt) => prompt.name === choice.name)) {
      const names = listed.prompts.map((prompt) => prompt.name);
      throw new HostFault(
        {
          what: `The server has no prompt named “${choice.name}”.`,
          why: names.length > 0 ? `Its prompts/list names ${names.join(', ')}.` : 'Its prompts/list is empty: it offers no prompts.',
          fix: `Pick one of the prompts the server lists (${context.say.prompts}), or ask a question instead, ${context.say.again}.`,
        },
        'discovery',
      );
    }
    const prompt = await guardMcpCall(context, 'during prompts/get', (signal) =>
      connection.request((client) => client.getPrompt({ name: choice.name, arguments: choice.arguments ?? {} }, { ...options, signal })),
    );
    await context.traffic.answered('prompts/get');
    const translated = context.adapter.convertPromptMessages({ messages: prompt.messages });
    await context.hostStep('host.translate-prompt', {
      payload: translated.result,
      translation: { number: 5, input: prompt.messages, output: translated.result, warnings: translated.warnings, changes: translated.changes },
    });
    return translated.result;
  } catch (error) {
    throw explainMcpError(context, error, error instanceof HostFault ? 'during prompts/list' : 'during prompts/get');
  }
}
