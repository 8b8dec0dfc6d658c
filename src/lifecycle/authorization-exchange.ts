import { createRecordingFetch, type RecordedExchange } from '../mcp/index.ts';
import type { StepId, HttpExchange, Step, GatedUrl } from '../trace/index.ts';
import { MAX_NESTING_DEPTH } from '../trace/index.ts';
import { explainOAuthUnreachable } from './authorization-faults.ts';
import { parseJsonBody } from './classify-mcp-message.ts';
import { HostFault } from './faults.ts';
import type { RunSlice } from './run-context.ts';
import { snapshotExchange, type StepFields } from './trace-writer.ts';

/** What one exchange with an authorization server needs: the gate, the network, the secrets. */
export type OAuthExchangeContext = RunSlice<'gate' | 'writer' | 'secrets' | 'timeouts' | 'signal' | 'say', 'fetch' | 'authorization', 'phase'>;

/**
 * One HTTP exchange of the authorization flow: held at the gate like every message the
 * host sends, then sent through a recorder of its own (the MCP traffic's recorder would
 * read it as JSON-RPC). The caller records the step once it has read the answer, so
 * that a token in the answer is a run secret before any step holds it.
 */

/** The URL has passed the URL gate (src/lifecycle/url-refusal.ts): the type lets no other reach the network here. */
export type OAuthRequest = { url: GatedUrl; method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string };
export type OAuthAnswer = { status: number | undefined; json: unknown; http: HttpExchange };

export async function sendOAuthRequest(
  context: OAuthExchangeContext,
  { id, request, describe, what }: { id: StepId; request: OAuthRequest; describe: unknown; what: string },
): Promise<OAuthAnswer> {
  await context.gate(context.writer.describe(id, { payload: describe }));
  let recorded: RecordedExchange | undefined;
  const fetch = createRecordingFetch({
    ...(context.options.fetch ? { fetch: context.options.fetch } : {}),
    secrets: context.secrets,
    timeoutMs: context.timeouts.mcpSilenceMs,
    limits: {
      totalMs: context.timeouts.mcpRequestMs,
      maxFrames: context.timeouts.maxAnswerFrames,
      maxBytes: context.timeouts.maxAnswerBytes,
      maxDepth: MAX_NESTING_DEPTH,
    },
    listener: (event) => {
      if (event.type === 'end' || event.type === 'error') recorded = event.exchange;
    },
  });
  try {
    const response = await fetch(request.url, {
      method: request.method ?? 'GET',
      headers: { accept: 'application/json', ...request.headers },
      ...(request.body !== undefined ? { body: request.body } : {}),
      signal: context.signal,
    });
    const text = await response.text();
    return {
      status: response.status,
      json: parseJsonBody(text),
      http: recorded ? snapshotExchange(recorded) : { method: request.method ?? 'GET', url: request.url, requestHeaders: {} },
    };
  } catch (error) {
    if (context.signal.aborted) throw error;
    if (recorded) recordOAuthStep(context, id, { payload: { error: recorded.error ?? String(error) }, http: snapshotExchange(recorded) });
    throw new HostFault(explainOAuthUnreachable({ url: request.url, what, say: context.say }), context.state.phase);
  }
}

/** Said on every step of a run whose values are shown: the sandbox's codes and tokens are made up. */
export const SANDBOX_SHOWN_NOTE =
  'The built-in sandbox: its codes and tokens are made up and guard nothing else, so they are shown here; those of a real server stay [redacted].';

/** Records a step of the flow and moves the run's phase to it. */
export function recordOAuthStep(context: OAuthExchangeContext, id: StepId, fields: StepFields): Step {
  const shown = context.options.authorization?.showSecrets ? { note: [fields.note, SANDBOX_SHOWN_NOTE].filter(Boolean).join(' ') } : {};
  const step = context.writer.append(id, { ...fields, ...shown });
  context.state.phase = step.phase;
  return step;
}

/** Adds values the flow learned (a code, a verifier, a token) to the run's secrets, unless the sandbox shows them. */
export function registerSecrets(context: OAuthExchangeContext, values: (string | undefined)[]): void {
  if (context.options.authorization?.showSecrets) return;
  for (const value of values) if (value !== undefined && !context.secrets.includes(value)) context.secrets.push(value);
}
