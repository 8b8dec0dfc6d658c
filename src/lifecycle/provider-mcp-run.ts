import { describeReportedCall, describeReportedListing, describeReportedResult, describeUnreachableServer } from '../content/index.ts';
import {
  getProviderMcpAdapter,
  type ApprovalAnswer,
  type McpReportEntry,
  type ProviderMcpAdapter,
  ProviderReplyError,
  getWireStream,
} from '../providers/index.ts';
import type { ApprovalPolicy, StepId, Phase } from '../trace/index.ts';
import { createRandomTraceHex } from '../trace/index.ts';
import { endWithStop, streamOf, type ConversationEnd } from './conversation.ts';
import type { ConversationContext } from './conversation-context.ts';
import { sendWithRetry } from './send-to-model.ts';
import { HostFault } from './faults.ts';
import { explainProviderFailure } from './provider-faults.ts';
import { askMcpApproval, type McpApprovalContext } from './mcp-approval.ts';
import type { ProviderResponse } from './provider-call.ts';
import type { RunSlice } from './run-context.ts';
import { nameRunInServerUrl, showServerRecord, type ServerRecordReader, type ServerRecordContext } from './server-record.ts';
import { receiveQuestion, type QuestionContext } from './discovery.ts';
import { waitForServer } from './wait-for-server.ts';

/** What a provider-side MCP run needs: the provider, its approval gate, the server's record. */
export type ProviderMcpContext = McpApprovalContext &
  ServerRecordContext &
  QuestionContext &
  RunSlice<'writer' | 'adapter' | 'say' | 'hostStep' | 'signal' | 'trace', 'provider' | 'providerMcp' | 'mcpUrl' | 'mcpHeaders' | 'serverReady' | 'question'>;

/**
 * The second topology: the provider is the MCP client. The host does not connect to the
 * server, list its tools or translate anything; it hands the provider the server (a step of
 * its own, with what the provider cannot carry and whether a real provider can reach it at
 * all), sends the question, and reads from each reply what the provider reports its MCP
 * client did: those reports are steps drawn between the LLM and the MCP server, labelled as
 * the provider's. An approval request stops the reply until the user answers, and the answer
 * goes back in the next request. Where the server is the built-in one, what it saw itself is
 * read back after each reply and shown as the server's own account.
 */

/** A provider that keeps asking for approvals is stopped after this many requests, as a model's tool rounds are. */
const MAX_APPROVAL_ROUNDS = 5;

/** OpenAI asks by default (its own default); Anthropic has no approval to ask for. */
function chooseApprovalPolicy({ wire, asked }: { wire: string; asked: ApprovalPolicy | undefined }): ApprovalPolicy {
  return asked ?? (wire === 'openai-responses' ? 'always' : 'never');
}

/** The reported hop as steps, in the reply's order; each call after the first is a round of its own, as a model's further tool calls are. */
function appendReport(context: ProviderMcpContext, report: McpReportEntry[]): void {
  let calls = 0;
  for (const entry of report) {
    switch (entry.kind) {
      case 'tools-list': {
        const titles = describeReportedListing(entry);
        context.writer.append('provider.reported.tools-list.request', { payload: entry.item, title: titles.request });
        context.writer.append('provider.reported.tools-list.response', { payload: entry.item, title: titles.response });
        break;
      }
      case 'tool-call':
        if (calls++ > 0) context.writer.iteration++;
        context.writer.append('provider.reported.tools-call.request', { payload: entry.item, title: describeReportedCall(entry) });
        break;
      case 'tool-result':
        context.writer.append('provider.reported.tools-call.response', { payload: entry.item, title: describeReportedResult(entry) });
        break;
      case 'approval-request':
        break;
      default: {
        const unknownEntry: never = entry;
        throw new Error(`Unknown report entry ${JSON.stringify(unknownEntry)}`);
      }
    }
  }
}

function readReport({
  mcp,
  response,
  context,
  conversation,
}: {
  mcp: ProviderMcpAdapter;
  response: ProviderResponse;
  context: ProviderMcpContext;
  conversation: ConversationContext;
}): McpReportEntry[] {
  try {
    return mcp.readReport({ body: response.body });
  } catch (error) {
    if (!(error instanceof ProviderReplyError)) throw error;
    const fault = explainProviderFailure({
      status: 200,
      url: response.http?.url ?? context.options.provider.baseUrl,
      label: context.adapter.label,
      kind: context.options.provider.kind,
      say: context.say,
    });
    throw new HostFault({ ...fault, why: error.message }, conversation.currentPhase());
  }
}

/** What the host's request is, in each of its two places. */
const REQUEST_TITLES: Partial<Record<StepId, string>> = {
  'provider.request': 'Host sends the question and the MCP server (not its tools) to the provider',
};

/** The provider asks before it calls the server: each call asked of the learner, the answers for its next request. */
async function answerApprovals(
  context: McpApprovalContext,
  { approvals, round, phase }: { approvals: Extract<McpReportEntry, { kind: 'approval-request' }>[]; round: number; phase: Phase },
): Promise<{ answers: ApprovalAnswer[]; denied: boolean }> {
  if (round >= MAX_APPROVAL_ROUNDS) {
    throw new HostFault(
      {
        what: `The provider asked for approval ${round} times in a row.`,
        why: 'The host stops a provider that keeps asking, as it stops a model that keeps calling tools.',
        fix: 'Press Reset to start over, or set require_approval to never.',
      },
      phase,
    );
  }
  const answers: ApprovalAnswer[] = [];
  let denied = false;
  for (const approval of approvals) {
    const decision = await askMcpApproval(context, approval);
    if (decision === 'deny') denied = true;
    answers.push({ id: approval.id, approve: decision === 'approve' });
  }
  return { answers, denied };
}

/** The whole run in this topology; resolves with how it ended. */
export async function runProviderMcp(context: ProviderMcpContext, conversation: ConversationContext): Promise<ConversationEnd['status'] | 'declined'> {
  const { options, writer, adapter } = context;
  const mcp = getProviderMcpAdapter(adapter.id);
  if (!mcp) throw new Error(`${adapter.label} has no provider-side MCP.`);
  await receiveQuestion(context);
  const settings = options.providerMcp ?? {};
  const reader: ServerRecordReader | undefined =
    settings.serverRecordUrl === undefined ? undefined : { runId: createRandomTraceHex(16), recordUrl: settings.serverRecordUrl, shown: 0 };
  const serverUrl = reader ? nameRunInServerUrl({ url: options.mcpUrl, runId: reader.runId }) : options.mcpUrl;
  const requireApproval = chooseApprovalPolicy({ wire: adapter.id, asked: settings.requireApproval });
  const described = mcp.describeServer({ server: { url: serverUrl, headers: options.mcpHeaders ?? [], requireApproval } });
  const unreachable =
    options.provider.kind === 'real' ? describeUnreachableServer({ url: options.mcpUrl, inBrowser: settings.serverInBrowser === true }) : undefined;
  await context.hostStep('host.provider-mcp', {
    payload: { server: described.result, ...(described.warnings.length > 0 ? { warnings: described.warnings } : {}) },
    ...(unreachable ? { note: `Before the request: ${unreachable}` } : {}),
  });
  // In the static site the mock (and the built-in server it calls) is the Service Worker: the first request waits for it.
  await waitForServer({ ready: options.serverReady, signal: context.signal });
  const withServer: ConversationContext = { ...conversation, providerMcpServerUrl: options.mcpUrl };
  let turns = adapter.startConversation({ question: options.question });
  let declined = false;
  let stepId: StepId = 'provider.request';
  for (let round = 1; ; round++) {
    const whole = mcp.buildRequest({
      model: options.provider.model,
      apiKey: options.provider.apiKey,
      baseUrl: options.provider.baseUrl,
      conversation: turns,
      server: described.result,
    });
    const { kind, baseUrl } = options.provider;
    const request = options.provider.stream && kind !== 'tab' ? (getWireStream(adapter.id)?.requestStream(whole, { kind, baseUrl }) ?? whole) : whole;
    const response = await sendWithRetry(withServer, stepId, request, undefined, REQUEST_TITLES[stepId]);
    const report = readReport({ mcp, response, context, conversation });
    appendReport(context, report);
    const approvals = report.filter((entry): entry is Extract<McpReportEntry, { kind: 'approval-request' }> => entry.kind === 'approval-request');
    if (approvals.length > 0 && mcp.appendApprovals) {
      writer.append('provider.response.mcp-approval', {
        payload: response.body,
        http: response.http,
        ...streamOf(response),
        ...(response.reasoning ? { note: response.reasoning } : {}),
      });
      if (reader) await showServerRecord(context, reader);
      const { answers, denied } = await answerApprovals(context, { approvals, round, phase: conversation.currentPhase() });
      if (denied) declined = true;
      turns = mcp.appendApprovals({ conversation: turns, reply: response.reply, answers }).conversation;
      stepId = 'provider.request.mcp-approval';
      continue;
    }
    if (response.reply.stop.outcome !== 'finished') {
      return (await endWithStop(conversation, response, response.reply.stop)).status;
    }
    writer.append('provider.response.answer', {
      payload: response.body,
      http: response.http,
      ...streamOf(response),
      ...(response.reasoning ? { note: response.reasoning } : {}),
    });
    if (reader) await showServerRecord(context, reader);
    const answer = response.reply.text ?? '';
    context.trace.answer = answer;
    await context.hostStep('host.answer', { payload: { answer } });
    // The model answered, but without the call the user denied: not the whole lifecycle.
    return declined ? 'declined' : 'complete';
  }
}
