import { ProtocolError, ProtocolErrorCode, type CallToolRequest, type CallToolResult } from '@modelcontextprotocol/client';
import { z } from 'zod';
import type { ToolRoundResult } from '../providers/index.ts';
import { OPEN_LINK_DECISIONS, type OpenLinkDecision } from './app-view-host.ts';
import { readToolVisibility } from './app-view-meta.ts';
import type { ViewRequests } from './app-view-session.ts';
import { explainMcpError, guardMcpCall, type McpCallContext } from './guard-mcp-call.ts';
import { HostFault } from './faults.ts';
import type { RunSlice } from './run-context.ts';
import type { ToolCallParams } from './run-state-types.ts';
import { WAIT_FOR_LEARNER_MS } from './timeouts.ts';
import { gateUrlOrRecord, type UrlGateContext } from './url-refusal.ts';

/** What answering a view's requests needs: the tools, the gate, the URL gate for links, the answer before the run. */
export type ViewRequestsContext = McpCallContext & UrlGateContext & RunSlice<'hostStep' | 'writer' | 'traffic', 'appViews', 'tools' | 'connection'>;

/**
 * What the host does when a view asks (MCP Apps): a tool call goes through the run's own
 * tools/call path (consent, gate) for a tool the view may call; a read or a list goes through
 * the MCP client, past the gate; a link passes the URL gate and opens only on the user's
 * word; a message is shown to the user. A refusal is a JSON-RPC error the view reads.
 */

/** The extension leaves the code of a refused request to the host: -32000, as its examples use. */
const REFUSED = -32000;

const OpenLinkAnswerSchema = z.object({ decision: z.enum(OPEN_LINK_DECISIONS) });

const requestOptions = { onprogress: () => {}, timeout: WAIT_FOR_LEARNER_MS };

/** The error the view gets when a server request of its failed on the host's side (the server unreachable, a bound). */
function refuseFailure(context: ViewRequestsContext, error: unknown, during: string): ProtocolError {
  if (error instanceof ProtocolError) return error;
  const explained = explainMcpError(context, error, during);
  return new ProtocolError(REFUSED, explained instanceof HostFault ? explained.fault.what : explained.message);
}

/** A view may call a tool of this server that the host listed and whose visibility includes the view. */
function checkViewMayCall(context: ViewRequestsContext, name: string): void {
  const tool = context.state.tools.find((listed) => listed.name === name);
  if (!tool) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `The server listed no tool named ${name}, so the host does not call it.`);
  const visibility = readToolVisibility(tool);
  if (!visibility.includes('app'))
    throw new ProtocolError(REFUSED, `${name} is not for views: its _meta.ui.visibility is ${JSON.stringify(visibility)}, without "app".`);
}

async function callToolForView(
  context: ViewRequestsContext,
  callTool: (params: ToolCallParams) => Promise<ToolRoundResult['outcome']>,
  params: CallToolRequest['params'],
): Promise<CallToolResult> {
  checkViewMayCall(context, params.name);
  // The view's own _meta (its SDK's progress token) stays with the view: the host's client makes a request of its own.
  const outcome = await callTool({ name: params.name, arguments: params.arguments ?? {} });
  if (outcome.type === 'result') return outcome.result;
  throw new ProtocolError(REFUSED, outcome.message);
}

/** The user is asked, with the address as the gate passed it; the host opens it only on "open". */
async function openLinkForView(context: ViewRequestsContext, url: string): Promise<void> {
  const gated = gateUrlOrRecord(context, {
    text: url,
    source: { field: 'link', document: 'the view’s ui/open-link' },
    then: 'the view is told the link was not opened',
  });
  if (!gated)
    throw new ProtocolError(
      REFUSED,
      'The host will not open this address: it did not pass the host’s URL gate (http or https only, plain http only to this machine).',
    );
  await context.hostStep('host.ask-open-link', {
    payload: { url: gated, question: 'Open this link in a new tab?', from: 'the view’s ui/open-link' },
    note: 'The address is the view’s, so the server’s: the host opens it only if you say so, in a new tab that cannot reach back into the explorer.',
  });
  const step = await context.hostStep(
    'user.open-link',
    { payload: { decision: context.options.appViews?.openLinkAnswer ?? 'keep-closed' } },
    'The user answers: open the link, or not',
    true,
  );
  const answer = OpenLinkAnswerSchema.safeParse(step.payload);
  const decision: OpenLinkDecision = answer.success ? answer.data.decision : 'keep-closed';
  if (!answer.success)
    context.writer.update(step, { note: 'The answer was neither {"decision": "open"} nor {"decision": "keep-closed"}, so the host keeps the link closed.' });
  if (decision === 'keep-closed') throw new ProtocolError(REFUSED, 'The user chose not to open the link.');
  context.options.appViews?.host.openLink(gated);
}

export function createViewRequests(context: ViewRequestsContext, callTool: (params: ToolCallParams) => Promise<ToolRoundResult['outcome']>): ViewRequests {
  const connection = () => {
    if (!context.state.connection) throw new ProtocolError(REFUSED, 'The host is no longer connected to the server.');
    return context.state.connection;
  };
  return {
    callTool: (params) => callToolForView(context, callTool, params),
    async readResource(params) {
      try {
        const result = await guardMcpCall(context, 'during the view’s resources/read', (signal) =>
          connection().request((client) => client.readResource({ uri: params.uri }, { ...requestOptions, signal })),
        );
        await context.traffic.answered('resources/read');
        return result;
      } catch (error) {
        throw refuseFailure(context, error, 'during the view’s resources/read');
      }
    },
    async listResources(params) {
      try {
        const result = await guardMcpCall(context, 'during the view’s resources/list', (signal) =>
          connection().request((client) =>
            client.listResources(params?.cursor === undefined ? undefined : { cursor: params.cursor }, { ...requestOptions, signal }),
          ),
        );
        await context.traffic.answered('resources/list');
        return result;
      } catch (error) {
        throw refuseFailure(context, error, 'during the view’s resources/list');
      }
    },
    openLink: (url) => openLinkForView(context, url),
    async postMessage(params) {
      context.writer.append('host.app-message', {
        payload: params,
        note: 'A chat host adds the message to the conversation as the user’s. This explorer asks the model one question per run, so it shows the message here and starts no new turn with it.',
      });
    },
  };
}
