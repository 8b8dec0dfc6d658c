import type { StepId, Step } from '../trace/index.ts';
import { describeCall } from '../content/index.ts';
import type { ProviderToolCall } from '../providers/index.ts';
import { HostFault } from './faults.ts';
import type { ProviderResponse } from './provider-call.ts';
import type { TraceWriter } from './trace-writer.ts';

/**
 * The reply that asked for one round too many is recorded before the host stops, so the
 * learner sees what the cap refused (the calls it would have made) and not only that it
 * refused; the fault then names that step. Returns the fault for the caller to throw.
 */
export function recordCappedReply({
  writer,
  response,
  toolCalls,
  maxToolRounds,
  stream,
  stepId,
}: {
  writer: TraceWriter;
  response: ProviderResponse;
  toolCalls: ProviderToolCall[];
  maxToolRounds: number;
  stream: Pick<Step, 'stream'>;
  /** The model's reply step: a provider's, or the model in the tab's. */
  stepId: StepId;
}): HostFault {
  writer.iteration++;
  const asked = toolCalls.map((call) => describeCall({ name: call.name, arguments: readArguments(call.arguments) }) ?? call.name).join(', ');
  const step = writer.append(stepId, {
    payload: response.body,
    ...(response.http ? { http: response.http } : {}),
    ...stream,
    title: 'Model replies with tool calls again: the reply that hit the round cap',
    note: `This is the reply that hit the cap: round ${writer.iteration} would call ${asked}, past the cap of ${maxToolRounds} tool rounds, so the host sends no tools/call for it.`,
  });
  return new HostFault(
    {
      what: `The model asked for tools again after ${maxToolRounds} rounds, so the host stopped the loop: its reply (step #${step.n}) asked for ${asked}.`,
      why: 'A host caps tool rounds so that a model that keeps calling tools cannot run forever.',
      fix: 'Ask a simpler question, or raise the cap (Model settings, “Tool rounds at most”).',
      rule: 'round-cap',
    },
    'decision',
  );
}

/** OpenAI sends arguments as a JSON string; shown as the object they spell when they parse. */
function readArguments(args: unknown): unknown {
  if (typeof args !== 'string') return args;
  try {
    const parsed: unknown = JSON.parse(args);
    return parsed;
  } catch {
    return { arguments: args };
  }
}
