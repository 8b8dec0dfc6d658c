import { linkSignals } from '../mcp/index.ts';
import type { ProviderHttpRequest } from '../providers/index.ts';
import { restoreSecretsInData } from '../trace/index.ts';
import type { StepId, Step } from '../trace/index.ts';
import type { ConversationContext } from './conversation-context.ts';
import { HostFault, RunAborted } from './faults.ts';
import { callProvider, type ProviderResponse, type SentProviderRequest } from './provider-call.ts';
import { decideProviderRateLimit, explainProviderRateLimitGiveUp, waitOutProviderRateLimit } from './provider-rate-limit.ts';
import { describeWait } from './retry-after.ts';
import { callTabModel } from './tab-model.ts';

/**
 * One request to the model, held at the gate, sent, and sent again where the host or the
 * learner may: a 429 the host waits out, a failure or a Cancel the learner sends again from.
 */

const CANCELLED = {
  what: 'You cancelled the request to the model.',
  why: 'The request was stopped before the model answered; nothing was received.',
  fix: 'Press Next to send the same request again, or Reset to start over.',
};

/** One call to the model: the model in the tab, or the provider over HTTP; what arrives is written on the request's step as it comes. */
function callModel(
  context: ConversationContext,
  { sent, requestStep, signal }: { sent: SentProviderRequest; requestStep: Step; signal: AbortSignal },
): Promise<ProviderResponse> {
  if (context.tabModel) {
    return callTabModel({
      model: context.tabModel,
      body: sent.body,
      signal,
      phase: context.currentPhase(),
      onText: (text) => context.writer.update(requestStep, { note: `The model is writing, token by token: ${text}` }),
    });
  }
  return callProvider({
    adapter: context.adapter,
    settings: context.provider,
    request: sent,
    fetch: context.fetch,
    signal,
    timeoutMs: context.timeoutMs,
    limits: context.limits,
    phase: context.currentPhase(),
    ...(context.providerMcpServerUrl === undefined ? {} : { providerMcpServerUrl: context.providerMcpServerUrl }),
    onExchange: (http) => context.writer.update(requestStep, { http }),
    onFrame: (framing, frame) => context.writer.appendFrame(requestStep, framing, frame),
    say: context.say,
  });
}

/**
 * After a failed call to the model: the wait a 429 asked for, when the host waits it out; undefined when the
 * learner may send the request again (the fault is then a step); otherwise the run ends here (thrown).
 */
function recoverFromFailure(
  context: ConversationContext,
  { error, cancelled, waitsSoFar }: { error: unknown; cancelled: boolean; waitsSoFar: number },
): number | undefined {
  const rateLimit = !cancelled && error instanceof HostFault ? error.rateLimit : undefined;
  const decision = rateLimit ? decideProviderRateLimit({ waitMs: rateLimit.waitMs, waitsSoFar }) : undefined;
  if (decision && 'wait' in decision) return decision.wait;
  const fault = cancelled ? CANCELLED : error instanceof HostFault ? error.fault : undefined;
  const givenUp =
    fault && decision
      ? explainProviderRateLimitGiveUp({ fault, waitMs: rateLimit?.waitMs, sent: waitsSoFar + 1, reason: decision.giveUp, stepping: context.retryFailures })
      : undefined;
  if (!fault || !context.retryFailures)
    throw cancelled ? new HostFault(CANCELLED, context.currentPhase()) : givenUp ? new HostFault(givenUp, context.currentPhase()) : error;
  const retryable = givenUp ?? { ...fault, fix: cancelled ? fault.fix : `${fault.fix} Press Next to send the same request again.`, retryable: true };
  context.writer.append('host.fault', {
    payload: { error: retryable.what, why: retryable.why, fix: retryable.fix },
    fault: retryable,
    title: `The model call failed: ${retryable.what}`,
    phase: context.currentPhase(),
  });
  return undefined;
}

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
    const requestStep = await context.hostStep(
      stepId,
      { payload: request.body, ...(translation ? { translation } : {}), ...(title ? { title } : {}) },
      pendingTitle,
      true,
    );
    if (context.runSignal.aborted) throw new RunAborted();
    // The learner may have edited the request at the gate: what is recorded is what is sent, the secrets it shows redacted as they are.
    const sent: SentProviderRequest = {
      ...request,
      body: restoreSecretsInData({ shown: requestStep.payload, original: request.body, secrets: context.secrets }),
    };
    // The call's one signal is Cancel's, which the run's reset aborts too (a reset is told apart first, below).
    const cancel = new AbortController();
    context.onProviderRequest(() => cancel.abort());
    const unlink = linkSignals(cancel, [context.runSignal]);
    let waitMs: number | undefined;
    try {
      return await callModel(context, { sent, requestStep, signal: cancel.signal });
    } catch (error) {
      if (context.runSignal.aborted) throw new RunAborted();
      waitMs = recoverFromFailure(context, { error, cancelled: cancel.signal.aborted, waitsSoFar });
      if (waitMs === undefined) {
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
      await waitOutProviderRateLimit({ writer: context.writer, signal: context.runSignal, phase: context.currentPhase(), waitMs, attempt: waitsSoFar }).catch(
        () => {
          throw new RunAborted();
        },
      );
      pendingTitle = `Send the same request to the model again (the ${describeWait(waitMs)} it asked for are over)`;
    }
  }
}
