import { describeStop } from '../content/index.ts';
import type { ProviderReply, ReplyStop, ToolRoundResult, ToolSet } from '../providers/index.ts';
import { translateToolCall, getWireStream } from '../providers/index.ts';
import type { ReplyArrival, StopOutcome, Step } from '../trace/index.ts';
import type { ConversationContext } from './conversation-context.ts';
import { recordCappedReply } from './round-cap.ts';
import type { ProviderResponse } from './provider-call.ts';
import { sendWithRetry } from './send-to-model.ts';
import { describeTabModelSteps } from './tab-model-steps.ts';
import { listModelExchangeSteps, type ModelExchangeStepIds } from '../trace/index.ts';

/**
 * The model side of the lifecycle: the provider request (step 8), the model's tool
 * calls (9-10), translation #2 (11) for each call, the tool results back in the
 * provider's format (18), further rounds, and the answer (19-20), or the stop that
 * ended the reply without one (a refusal, a cut-off, a filter). A provider failure
 * becomes a step and, when a learner is stepping, the same request can be sent again
 * (send-to-model.ts).
 */

/** A streamed reply's step keeps how it was read; its payload is the reply reassembled, its frames are in its http. */
export function streamOf(response: ProviderResponse): Pick<Step, 'stream' | 'http'> {
  return { ...(response.stream ? { stream: response.stream } : {}), ...(response.http ? { http: response.http } : {}) };
}

function stepIdsOf(context: ConversationContext): ModelExchangeStepIds {
  return listModelExchangeSteps(context.tabModel ? 1 : 0);
}

/** What a whole reply held: its text and each call, whole as a whole reply gives them. */
function describeWholeArrival(reply: ProviderReply): ReplyArrival {
  const calls = reply.toolCalls.map((call) => ({
    name: call.name,
    argumentsText: typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments ?? {}),
    complete: true,
  }));
  return { text: reply.text ?? '', calls };
}

/** How the conversation ended: a full answer, or a stop the reply named (no answer then). */
export type ConversationEnd = { status: 'complete' | StopOutcome; answer: string | null };

/**
 * A reply that stopped short (a refusal, the token limit, a filter): the model's reply is
 * recorded under the outcome's name, then the host's last step says what happened, which
 * field said so, and what to do. Half an answer is shown as such, never as the answer.
 */
export async function endWithStop(
  context: ConversationContext,
  response: ProviderResponse,
  named: Exclude<ReplyStop, { outcome: 'finished' }>,
): Promise<ConversationEnd> {
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
    const whole = adapter.buildRequest({
      model: context.provider.model,
      apiKey: context.provider.apiKey,
      baseUrl: context.provider.baseUrl,
      conversation,
      tools: translated.tools,
    });
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
      throw recordCappedReply({
        writer,
        response,
        toolCalls: reply.toolCalls,
        maxToolRounds: context.maxToolRounds,
        stream: streamOf(response),
        stepId: ids.toolCalls,
      });
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
