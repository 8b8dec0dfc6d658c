import type { FaultWords } from './fault-words.ts';
import type { FetchLike } from '@modelcontextprotocol/client';
import { describeStop } from '../content/reply-stop-words.ts';
import type { ProviderHttpRequest, ProviderReply, ReplyStop, ToolRoundResult, ToolSet, WireAdapter } from '../providers/types.ts';
import { translateToolCall } from '../providers/translate-tool-call.ts';
import type { ReplyArrival, StopOutcome } from '../trace/stop-causes.ts';
import type { ExchangeLimits } from '../mcp/exchange-bounds.ts';
import { linkSignals } from '../mcp/link-signals.ts';
import { getWireStream } from '../providers/wire-streams.ts';
import { restoreSecretsInData } from '../trace/restore-secrets.ts';
import { HostFault, RunAborted } from './faults.ts';
import { describeWait } from './retry-after.ts';
import { decideProviderRateLimit, explainProviderRateLimitGiveUp, waitOutProviderRateLimit } from './provider-rate-limit.ts';
import { recordCappedReply } from './round-cap.ts';
import { callProvider, type ProviderResponse, type ProviderSettings, type SentProviderRequest } from './provider-call.ts';
import type { Phase, Step } from '../trace/trace.ts';
import type { HostStep } from './run-context.ts';
import type { ToolCallParams } from './run-state-types.ts';
import type { TraceWriter } from './trace-writer.ts';
import { callTabModel, type TabModel } from './tab-model.ts';
import { describeTabModelSteps } from './tab-model-steps.ts';
import { listModelExchangeSteps, type ModelExchangeStepIds, type StepId } from '../trace/steps.ts';

/**
 * The model side of the lifecycle: the provider request (step 8), the model's tool
 * calls (9-10), translation #2 (11) for each call, the tool results back in the
 * provider's format (18), further rounds, and the answer (19-20), or the stop that
 * ended the reply without one (a refusal, a cut-off, a filter). A provider failure
 * becomes a step and, when a learner is stepping, the same request can be sent again.
 */

export type ConversationContext = {
  adapter: WireAdapter;
  provider: ProviderSettings;
  question: string;
  writer: TraceWriter;
  fetch?: FetchLike;
  runSignal: AbortSignal;
  timeoutMs: number;
  /** Each provider call's bounds in all (time, frames, bytes). */
  limits: ExchangeLimits;
  maxToolRounds: number;
  /** Offer to send a failed provider request again instead of ending the run. */
  retryFailures: boolean;
  /** What to do after a fault, in the words of where it is read. */
  say: FaultWords;
  currentPhase: () => Phase;
  hostStep: HostStep;
  callTool: (params: ToolCallParams) => Promise<ToolRoundResult['outcome']>;
  /** Tells the view a provider request is on the wire, and how to cancel it. */
  onProviderRequest: (cancel: (() => void) | null) => void;
  /** The model in the learner's tab, when it was chosen: called in place of a provider, with no HTTP. */
  tabModel?: TabModel;
  /** The conversation to start from (a prompt's messages, translation #5) instead of the question alone. */
  startingConversation?: unknown;
  /** The tools listed and translated again when the server said its list changed; undefined when it did not. */
  relistTools?: () => Promise<ToolSet | undefined>;
  /** Provider-side MCP: the server the provider was told to call, so that a refusal about it is explained as one. */
  providerMcpServerUrl?: string;
  /** The run's secrets: a step shows them redacted, the request carries them (a token the provider is to hand the MCP server). */
  secrets: readonly string[];
};

const CANCELLED = {
  what: 'You cancelled the request to the model.',
  why: 'The request was stopped before the model answered; nothing was received.',
  fix: 'Press Next to send the same request again, or Reset to start over.',
};

export async function sendWithRetry(
  context: ConversationContext,
  stepId: StepId,
  request: ProviderHttpRequest,
  translation: Step['translation'] | undefined,
  title?: string,
): Promise<ProviderResponse> {
  // A 429 with Retry-After is waited out in the open and the request sent again, at most twice in a row (provider-rate-limit.ts).
  let waitsSoFar = 0;
  let pendingTitle: string | undefined = title;
  for (;;) {
    const requestStep = await context.hostStep(stepId, { payload: request.body, ...(translation ? { translation } : {}), ...(title ? { title } : {}) }, pendingTitle, true);
    if (context.runSignal.aborted) throw new RunAborted();
    // The learner may have edited the request at the gate: what is recorded is what is sent, the secrets it shows redacted as they are.
    const sent: SentProviderRequest = { ...request, body: restoreSecretsInData({ shown: requestStep.payload, original: request.body, secrets: context.secrets }) };
    // The call's one signal is Cancel's, which the run's reset aborts too (a reset is told apart first, below).
    const cancel = new AbortController();
    context.onProviderRequest(() => cancel.abort());
    const unlink = linkSignals(cancel, [context.runSignal]);
    let waitMs: number | undefined;
    try {
      if (context.tabModel) {
        return await callTabModel({
          model: context.tabModel,
          body: sent.body,
          signal: cancel.signal,
          phase: context.currentPhase(),
          onText: (text) => context.writer.update(requestStep, { note: `The model is writing, token by token: ${text}` }),
        });
      }
      return await callProvider({
        adapter: context.adapter,
        settings: context.provider,
        request: sent,
        fetch: context.fetch,
        signal: cancel.signal,
        timeoutMs: context.timeoutMs,
        limits: context.limits,
        phase: context.currentPhase(),
        ...(context.providerMcpServerUrl === undefined ? {} : { providerMcpServerUrl: context.providerMcpServerUrl }),
        onExchange: (http) => context.writer.update(requestStep, { http }),
        onFrame: (framing, frame) => context.writer.appendFrame(requestStep, framing, frame),
        say: context.say,
      });
    } catch (error) {
      if (context.runSignal.aborted) throw new RunAborted();
      const rateLimit = !cancel.signal.aborted && error instanceof HostFault ? error.rateLimit : undefined;
      const decision = rateLimit ? decideProviderRateLimit({ waitMs: rateLimit.waitMs, waitsSoFar }) : undefined;
      if (decision && 'wait' in decision) waitMs = decision.wait;
      else {
        const fault = cancel.signal.aborted ? CANCELLED : error instanceof HostFault ? error.fault : undefined;
        const givenUp = fault && decision ? explainProviderRateLimitGiveUp({ fault, waitMs: rateLimit?.waitMs, sent: waitsSoFar + 1, reason: decision.giveUp, stepping: context.retryFailures }) : undefined;
        if (!fault || !context.retryFailures) throw cancel.signal.aborted ? new HostFault(CANCELLED, context.currentPhase()) : givenUp ? new HostFault(givenUp, context.currentPhase()) : error;
        const retryable = givenUp ?? { ...fault, fix: cancel.signal.aborted ? fault.fix : `${fault.fix} Press Next to send the same request again.`, retryable: true };
        context.writer.append('host.fault', {
          payload: { error: retryable.what, why: retryable.why, fix: retryable.fix },
          fault: retryable,
          title: `The model call failed: ${retryable.what}`,
          phase: context.currentPhase(),
        });
        // The learner's Next is a new start: the host may wait out two more 429s by itself.
        waitsSoFar = 0;
        pendingTitle = 'Send the same request to the model again';
      }
    } finally {
      unlink();
      context.onProviderRequest(null);
    }
    if (waitMs !== undefined) {
      waitsSoFar++;
      await waitOutProviderRateLimit({ writer: context.writer, signal: context.runSignal, phase: context.currentPhase(), waitMs, attempt: waitsSoFar }).catch(() => {
        throw new RunAborted();
      });
      pendingTitle = `Send the same request to the model again (the ${describeWait(waitMs)} it asked for are over)`;
    }
  }
}

/** A streamed reply's step keeps how it was read; its payload is the reply reassembled, its frames are in its http. */
export function streamOf(response: ProviderResponse): Pick<Step, 'stream' | 'http'> {
  return { ...(response.stream ? { stream: response.stream } : {}), ...(response.http ? { http: response.http } : {}) };
}

function stepIdsOf(context: ConversationContext): ModelExchangeStepIds {
  return listModelExchangeSteps(context.tabModel ? 1 : 0);
}

/** What a whole reply held: its text and each call, whole as a whole reply gives them. */
function describeWholeArrival(reply: ProviderReply): ReplyArrival {
  const calls = reply.toolCalls.map((call) => ({ name: call.name, argumentsText: typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments ?? {}), complete: true }));
  return { text: reply.text ?? '', calls };
}

/** How the conversation ended: a full answer, or a stop the reply named (no answer then). */
export type ConversationEnd = { status: 'complete' | StopOutcome; answer: string | null };

/**
 * A reply that stopped short (a refusal, the token limit, a filter): the model's reply is
 * recorded under the outcome's name, then the host's last step says what happened, which
 * field said so, and what to do. Half an answer is shown as such, never as the answer.
 */
export async function endWithStop(context: ConversationContext, response: ProviderResponse, named: Exclude<ReplyStop, { outcome: 'finished' }>): Promise<ConversationEnd> {
  // A whole reply that never said it was over came in full as far as it goes: what it holds is what arrived.
  const stop = named.outcome === 'interrupted' && !named.arrived ? { ...named, arrived: describeWholeArrival(response.reply) } : named;
  const { replyTitle, fault } = describeStop({ stop, label: context.adapter.label });
  context.writer.append(stepIdsOf(context).stopped, {
    payload: response.body,
    ...streamOf(response),
    title: replyTitle,
    ...(response.reasoning ? { note: response.reasoning } : {}),
  });
  const partialAnswer = response.reply.text;
  await context.hostStep('host.stopped', {
    payload: {
      outcome: stop.outcome,
      cause: stop.cause,
      stoppedBy: { field: stop.path, value: stop.value },
      ...(partialAnswer ? { partialAnswer } : {}),
      ...(stop.arrived ? { arrived: stop.arrived } : {}),
      what: fault.what,
      fix: fault.fix,
    },
    fault,
    title: `The run ends ${stop.outcome}: ${fault.what}`,
  });
  return { status: stop.outcome, answer: null };
}

export async function runConversation(context: ConversationContext, translated: ToolSet): Promise<ConversationEnd> {
  const { adapter, writer } = context;
  let conversation = context.startingConversation ?? adapter.startConversation({ question: context.question });
  let pendingTranslation: Step['translation'] | undefined;
  for (let round = 1; ; round++) {
    if (round > 1) translated = (await context.relistTools?.()) ?? translated;
    const whole = adapter.buildRequest({ model: context.provider.model, apiKey: context.provider.apiKey, baseUrl: context.provider.baseUrl, conversation, tools: translated.tools });
    // Streamed, the request is the same one asking for a stream: the learner sees that ask at the gate.
    const { kind, baseUrl } = context.provider;
    const request = context.provider.stream && kind !== 'tab' ? (getWireStream(adapter.id)?.requestStream(whole, { kind, baseUrl }) ?? whole) : whole;
    const ids = stepIdsOf(context);
    if (context.tabModel) await describeTabModelSteps({ context, request: whole, round });
    // After tool results the request carries translation #3: 'host.translate-tool-result' (the tab's 'tab-model.prompt-with-results').
    const stepId = pendingTranslation ? ids.resultRequest : ids.request;
    const response = await sendWithRetry(context, stepId, request, pendingTranslation);
    const reply = response.reply;

    if (reply.stop.outcome !== 'finished') return endWithStop(context, response, reply.stop);
    if (reply.toolCalls.length === 0) {
      writer.append(ids.answer, { payload: response.body, ...streamOf(response), ...(response.reasoning ? { note: response.reasoning } : {}) });
      const answer = reply.text ?? '';
      await context.hostStep('host.answer', { payload: { answer } });
      return { status: 'complete', answer };
    }
    if (round > context.maxToolRounds) {
      throw recordCappedReply({ writer, response, toolCalls: reply.toolCalls, maxToolRounds: context.maxToolRounds, stream: streamOf(response), stepId: ids.toolCalls });
    }
    if (pendingTranslation) writer.iteration++;
    writer.append('llm.decide', {
      payload: reply.toolCalls.map((call) => call.raw),
      ...(response.reasoning ? { note: `The mock model's rule: ${response.reasoning}` } : {}),
    });
    writer.append(ids.toolCalls, { payload: response.body, ...streamOf(response) });

    const results: ToolRoundResult[] = [];
    for (const call of reply.toolCalls) {
      const plan = translateToolCall({ adapter, call, toolSet: translated });
      const output = plan.result.ok ? plan.result.params : { error: plan.result.error };
      await context.hostStep('host.translate-tool-call', {
        payload: output,
        translation: { number: 2, input: call.raw, output, warnings: plan.warnings, changes: plan.changes },
      });
      results.push({
        call,
        outcome: plan.result.ok ? await context.callTool(plan.result.params) : { type: 'host-error', message: plan.result.error },
      });
    }

    const appended = adapter.appendToolResults({ conversation, reply, results });
    conversation = appended.result.conversation;
    pendingTranslation = {
      number: 3,
      input: results.map(({ outcome }) => (outcome.type === 'result' ? outcome.result : { hostError: outcome.message })),
      output: appended.result.messages,
      warnings: appended.warnings,
      changes: appended.changes,
    };
  }
}
