import {
  ProtocolError,
  ProtocolErrorCode,
  type Client,
  type CreateMessageRequestParams,
  type CreateMessageResult,
  type ElicitRequestParams,
  type ElicitResult,
} from '@modelcontextprotocol/client';
import { z } from 'zod';
import { translateSamplingReply, isSamplingWire, translateSamplingRequest } from '../providers/index.ts';
import type { HttpExchange } from '../trace/index.ts';
import { HostFault } from './faults.ts';
import { callProvider } from './provider-call.ts';
import type { RunSlice } from './run-context.ts';
import { fillElicitationDefaults } from './elicitation-defaults.ts';
import { answerRoots, type RootsAnswerContext } from './answer-roots.ts';
import { gateUrlOrRecord, type UrlGateContext } from './url-refusal.ts';
import { resolveProviderLimits } from './timeouts.ts';

/** What answering sampling needs: the gate, the provider and its bounds, and where an unsent error is kept in 2026-07-28. */
export type SamplingContext = RunSlice<
  'adapter' | 'writer' | 'hostStep' | 'timeouts' | 'signal' | 'say',
  'provider' | 'fetch',
  'connection' | 'unsentInputAnswer'
>;

/** What answering an elicitation needs: the gate, the URL gate for URL mode, and the answer given before the run. */
export type ElicitationContext = UrlGateContext & RunSlice<'hostStep', 'answers' | 'autoRelease'>;

/** What answering a server's own requests needs: sampling, elicitation, and the roots the user gave. */
export type ServerRequestsContext = SamplingContext & ElicitationContext & RootsAnswerContext & RunSlice<never, 'roots'>;

/**
 * The host's answers to what a server asks while a tool runs, from any server: sampling
 * (the host's model) and elicitation (the user). The SDK client hands both eras' requests
 * to the same handlers (and roots/list, answered in answer-roots.ts): a 2025-11-25 server's request on the call's stream, and the
 * requests inside a 2026-07-28 input_required result. Each waits at the gate like any
 * message the host sends, so the learner sees it, edits it, or declines it.
 */

/** JSON-RPC error code the spec's examples use for a sampling request the user rejected. */
const USER_REJECTED = -1;

const ReviewSchema = z.looseObject({ decision: z.enum(['approve', 'decline']) });
export const ElicitAnswerSchema = z.union([
  z.object({ action: z.literal('accept'), content: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.array(z.string())])).optional() }),
  z.object({ action: z.enum(['decline', 'cancel']) }),
]);

/** The CLI's --elicitation-answer, read as an ElicitResult, or what is wrong with it in words. */
export function readElicitationAnswer(text: string): { answer: z.infer<typeof ElicitAnswerSchema> } | { error: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return {
      error: `--elicitation-answer is not JSON: ${text.slice(0, 80)}. Give an ElicitResult, such as '{"action":"accept","content":{"b":7}}' or '{"action":"decline"}'.`,
    };
  }
  const parsed = ElicitAnswerSchema.safeParse(value);
  if (parsed.success) return { answer: parsed.data };
  return {
    error: `--elicitation-answer is not an ElicitResult: action must be accept (with content, an object of strings, numbers, booleans or string lists), decline or cancel.`,
  };
}

export function answerServerRequests(context: ServerRequestsContext, client: Client): void {
  client.setRequestHandler('sampling/createMessage', async (request) => answerSampling(context, request.params));
  client.setRequestHandler('elicitation/create', async (request) => answerElicitation(context, request.params));
  // Declared, and so answered, only when the user gave roots: the SDK refuses a handler for a capability not declared.
  const roots = context.options.roots ?? [];
  if (roots.length > 0) client.setRequestHandler('roots/list', async () => answerRoots(context, roots));
}

export async function answerSampling(context: SamplingContext, params: CreateMessageRequestParams): Promise<CreateMessageResult> {
  const { adapter, options, writer, hostStep } = context;
  await hostStep('client.sampling-to-host', { payload: params });
  const review = await hostStep(
    'host.sampling.review',
    { payload: { decision: 'approve', messages: params.messages, ...(params.systemPrompt ? { systemPrompt: params.systemPrompt } : {}) } },
    'Approve the sampling request (or set decision to "decline")',
    true,
    { preset: false },
  );
  const decided = ReviewSchema.safeParse(review.payload);
  if (!decided.success || decided.data.decision === 'decline') {
    const message = 'The user declined the sampling request';
    writer.append('host.sampling.result', {
      payload: { error: { code: USER_REJECTED, message } },
      ...(answersInInputResponses(context)
        ? {
            title: 'The user declined: the model is not asked, and the call ends at the client (the server is not told)',
            note: keepFromServer(context, message),
          }
        : { title: 'The user declined: the server is told, and the model is not asked' }),
    });
    throw new ProtocolError(USER_REJECTED, message);
  }
  if (!isSamplingWire(adapter.id)) throw new ProtocolError(USER_REJECTED, `The host has no sampling translation for ${adapter.label}.`);
  const translated = translateSamplingRequest({ wire: adapter.id, params });
  const built = adapter.buildRequest({
    model: options.provider.model,
    apiKey: options.provider.apiKey,
    baseUrl: options.provider.baseUrl,
    conversation: [],
    tools: [],
  });
  const body = { ...built.body, ...translated.result };
  const requestStep = await hostStep(
    'host.translate-sampling-request',
    { payload: body, translation: { number: 4, input: params, output: body, warnings: translated.warnings, changes: translated.changes } },
    undefined,
    true,
  );
  const response = await askModelWithin(context, { ...built, body: requestStep.payload }, (http) => writer.update(requestStep, { http }));
  const stop = response.reply.stop;
  if (stop.outcome === 'interrupted') {
    // Part of a reply is no answer to pass on: as when the model does not answer in time, the server gets an error (or, in 2026-07-28, the call ends at the client), and the run goes on.
    const message = `The host’s model’s reply to the sampling request did not finish arriving (${stop.path}: ${stop.value}), so the host has no answer to give`;
    writer.append('provider.response.sampling', {
      payload: response.body,
      http: response.http,
      ...(response.stream ? { stream: response.stream } : {}),
      ...(answersInInputResponses(context)
        ? {
            title: 'The model’s reply to the sampling request did not finish arriving: the call ends at the client, the server is not told',
            note: `${message}. ${keepFromServer(context, message)} The run goes on.`,
          }
        : {
            title: 'The model’s reply to the sampling request did not finish arriving: the server gets an error',
            note: `${message}. The server is told with an error instead of a CreateMessageResult; its tool decides what follows, and the run goes on.`,
          }),
    });
    throw new ProtocolError(ProtocolErrorCode.InternalError, message);
  }
  writer.append('provider.response.sampling', { payload: response.body, http: response.http, ...(response.reasoning ? { note: response.reasoning } : {}) });
  const back = translateSamplingReply({ reply: response.reply, requestedModel: options.provider.model });
  // A refusal is still an answer: the server gets a CreateMessageResult that says so (stopReason "refusal") and decides what its tool does without the words.
  const refused = response.reply.stop.outcome === 'refused';
  const resultStep = await hostStep(
    refused ? 'host.sampling.refused' : 'host.sampling.result',
    { payload: back.result, translation: { number: 4, input: response.body, output: back.result, warnings: back.warnings, changes: back.changes } },
    refused ? 'Tell the server the model refused (stopReason "refusal")' : 'Send the model’s answer back to the server',
    true,
  );
  const sent = CreateMessageResultSchema.safeParse(resultStep.payload);
  return sent.success ? sent.data : back.result;
}

/**
 * The provider call for a sampling request, within the sampling timeout. When the model
 * does not answer in time the host gives up on it and tells the server with an error (no
 * CreateMessageResult can be made from nothing), so the tool, not the run, fails.
 */
async function askModelWithin(context: SamplingContext, request: Parameters<typeof callProvider>[0]['request'], onExchange: (http: HttpExchange) => void) {
  const { adapter, options, writer, timeouts } = context;
  const sentAt = Date.now();
  try {
    return await callProvider({
      adapter,
      settings: options.provider,
      request,
      fetch: options.fetch,
      signal: context.signal,
      timeoutMs: timeouts.samplingAnswerMs,
      limits: resolveProviderLimits(timeouts, { maxFrames: timeouts.maxAnswerFrames }),
      phase: 'execution',
      onExchange,
      say: context.say,
    });
  } catch (error) {
    // Only the host's own clock running out is this outcome; any other failure of the provider ends the run as before.
    if (!(error instanceof HostFault) || Date.now() - sentAt < timeouts.samplingAnswerMs) throw error;
    const message = `The host’s model did not answer the sampling request within ${formatSeconds(timeouts.samplingAnswerMs)}, so the host stopped waiting`;
    writer.append('host.sampling.timeout', {
      payload: { error: { code: ProtocolErrorCode.InternalError, message } },
      ...(answersInInputResponses(context)
        ? {
            title: 'The model did not answer the sampling request in time: the call ends at the client, the server is not told',
            note: `${error.fault.what} ${keepFromServer(context, message)} The run goes on.`,
          }
        : {
            note: `${error.fault.what} The server is told with an error instead of a CreateMessageResult; its tool decides what follows, and the run goes on.`,
          }),
    });
    throw new ProtocolError(ProtocolErrorCode.InternalError, message);
  }
}

/** In 2026-07-28 the host's answers go back inside the call sent again (inputResponses), not as answers of their own on the wire. */
function answersInInputResponses(context: SamplingContext): boolean {
  return context.state.connection?.era === '2026-07-28';
}

/**
 * An error cannot go back in 2026-07-28: inputResponses holds only results (CreateMessageResult,
 * ElicitResult, ListRootsResult), so the SDK ends the call at the client instead of sending
 * it again. Remembered, so the result step can say whose error the host reads.
 */
function keepFromServer(context: SamplingContext, message: string): string {
  context.state.unsentInputAnswer = message;
  return 'In 2026-07-28 inputResponses can carry only a result, never an error, so the client does not send the call again: its SDK ends the call itself, the server never hears why, and the host gives the model the client’s own error.';
}

function formatSeconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`;
}

/** Why the answer is what it is: the CLI's defaults said as such, and in URL mode (any answer) that the page's content went to the server, not here. */
function describeElicitationAnswer({ params, given, autoRelease }: { params: ElicitRequestParams; given: boolean; autoRelease: boolean }): { note?: string } {
  if (params.mode === 'url') {
    if (autoRelease && !given)
      return {
        note: `No answer was given (--elicitation-answer), so the host accepted as if the user had opened ${params.url} and come back; nobody opened it. What a user does on that page goes to the server alone, out of band.`,
      };
    return {
      note: 'The client sends the server only the action (accept, decline or cancel): whatever the user did on the server’s page, the server learned itself, out of band, never through the host or the model.',
    };
  }
  return autoRelease && !given ? { note: 'No answer was given (--elicitation-answer), so the host accepted the form’s defaults.' } : {};
}

const CreateMessageResultSchema = z.object({
  role: z.literal('assistant'),
  content: z.object({ type: z.literal('text'), text: z.string() }),
  model: z.string(),
  stopReason: z.string().optional(),
});

/** One elicitation, asked of the user; `note` says how it came when it is no elicitation/create (a -32042 error). */
export async function answerElicitation(context: ElicitationContext, params: ElicitRequestParams, note?: string): Promise<ElicitResult> {
  const { hostStep, options } = context;
  await hostStep('client.elicitation-to-host', { payload: params, ...(note ? { note } : {}) });
  // URL mode: the address passes the URL gate before the user is shown it; refused, nobody is asked and the host declines.
  if (
    params.mode === 'url' &&
    gateUrlOrRecord(context, { text: params.url, source: { field: 'url', document: "the server's elicitation request (URL mode)" } }) === undefined
  ) {
    const declined: ElicitResult = { action: 'decline' };
    await hostStep('host.elicitation.result', {
      payload: declined,
      note: 'The address did not pass the URL gate (the step before), so the host declined for you without showing it: nothing was opened.',
    });
    return declined;
  }
  await hostStep('host.elicitation.ask', {
    payload: params.mode === 'url' ? { message: params.message, url: params.url } : { message: params.message, requestedSchema: params.requestedSchema },
  });
  const proposed: ElicitResult =
    options.answers?.elicitation ??
    (params.mode === 'url' ? { action: 'accept' } : { action: 'accept', content: fillElicitationDefaults(params.requestedSchema) });
  const answered = await hostStep(
    'user.elicitation.answer',
    {
      payload: proposed,
      ...describeElicitationAnswer({ params, given: options.answers?.elicitation !== undefined, autoRelease: options.autoRelease === true }),
    },
    params.mode === 'url' ? 'Open the page, then accept (or decline, cancel)' : 'Fill in the form: accept, decline or cancel',
    true,
    { preset: options.answers?.elicitation !== undefined, urlMode: params.mode === 'url' },
  );
  const parsed = ElicitAnswerSchema.safeParse(answered.payload);
  const result: ElicitResult = parsed.success ? parsed.data : { action: 'cancel' };
  await hostStep('host.elicitation.result', {
    payload: result,
    ...(parsed.success ? {} : { note: 'The answer was not an ElicitResult (action accept, decline or cancel), so the host cancelled.' }),
  });
  return result;
}
