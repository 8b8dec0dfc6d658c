import { SdkError, SdkErrorCode } from '@modelcontextprotocol/client';
import { redactUrl, findInvalidHeader } from '../trace/index.ts';
import type { StepId, Era, HttpExchange, Step } from '../trace/index.ts';
import { parseJsonBody } from './classify-mcp-message.ts';
import { MODERN_ERA, describeDiscoverAnswer, judgeDiscoverAnswer, judgeStdioDiscoverAnswer, type EraVerdict, type ProbeAnswer } from './era-fallback.ts';
import type { FaultWords } from './fault-words.ts';
import {
  HostFault,
  RunAborted,
  explainAuthorizationRequired,
  explainAutoProbeUnread,
  explainPinnedEraRefused,
  explainUnreachable,
  explainUrlCredentials,
  readHttpStatus,
} from './faults.ts';
import { explainMcpError, guardMcpCall, type McpCallContext } from './guard-mcp-call.ts';
import { McpConnection } from './mcp-connection.ts';
import { toHeaderRecord } from './mcp-headers.ts';
import { type ResultWithoutTypeContext } from './result-without-type.ts';
import { RecordingTransport } from './recording-transport.ts';
import { describeHostCapabilities } from './roots.ts';
import { describeAppsCapability } from './app-view-tools.ts';
import { answerServerRequests, type ServerRequestsContext } from './server-requests.ts';
import type { RunSlice } from './run-context.ts';
import { authorizeIfRefused, createBearerFetch, type BearerFetchContext } from './bearer-fetch.ts';

/** What opening the session needs: the server and how to reach it, the era, what the host declares, and the connection it keeps in the state. */
export type ConnectContext = McpCallContext &
  BearerFetchContext &
  ServerRequestsContext &
  ResultWithoutTypeContext &
  RunSlice<
    'trace' | 'signal' | 'watchdog' | 'say' | 'hostStep' | 'traffic' | 'writer',
    'mcpHeaders' | 'mcpTransport' | 'roots' | 'appViews' | 'era',
    'connection'
  >;

/**
 * The MCP session opened, as discovery's steps 3-5 (the handshake): in the era chosen, or in Auto by trying
 * 2026-07-28's server/discover first and falling back to 2025-11-25's initialize in the open; a 401 on the way
 * starts the authorization flow. Every failure becomes a fault that says what happened, why, and what to do.
 */

/** The MCP server's address as a URL, or a fault that says how to write it (credentials never in it). */
export function readMcpUrl(address: string, say: FaultWords): URL {
  let url: URL | undefined;
  try {
    url = new URL(address);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new HostFault(
      {
        what: `The MCP server address “${redactUrl({ url: address })}” is not an http or https URL.`,
        why: 'Streamable HTTP servers are reached by a full URL, scheme included.',
        fix: `Write the whole address (${say.serverUrl}), for example http://127.0.0.1:3000/mcp, ${say.again}.`,
      },
      'discovery',
    );
  }
  if (url.username !== '' || url.password !== '') throw new HostFault(explainUrlCredentials({ url: redactUrl({ url: address }), say }), 'discovery');
  return url;
}

/** The recorded HTTP of the latest step with this id: what the server answered to it. */
function findLatestHttp(context: ConnectContext, id: StepId): { step: Step; http: HttpExchange } | undefined {
  const step = context.trace.steps.findLast((candidate) => candidate.id === id);
  return step?.http ? { step, http: step.http } : undefined;
}

/** The latest HTTP request went out and nothing answered it (refused, unreachable, blocked by CORS): the recorder holds no status. */
function isUnanswered(context: ConnectContext): boolean {
  const http = context.trace.steps.findLast((step) => step.http !== undefined)?.http;
  return http !== undefined && http.status === undefined && http.error !== undefined;
}

/** The latest exchange the server refused with 401: its WWW-Authenticate says what it wants. */
function findLatestUnauthorized(context: ConnectContext): HttpExchange | undefined {
  return context.trace.steps.findLast((step) => step.http?.status === 401)?.http;
}

/**
 * Why the connection failed, explained: a 401 with the server's challenge and the way to
 * give credentials; anything else as every MCP call explains it.
 */
export function explainConnectError(context: ConnectContext, error: unknown, during: string): Error {
  // A header HTTP cannot carry stops the request before it leaves: the recorder holds no status then either, and the header is the fault.
  const headerHeld = findInvalidHeader(Object.entries(toHeaderRecord(context.options.mcpHeaders ?? []))) !== undefined;
  if (!context.signal.aborted && !context.watchdog.fault && !headerHeld && isUnanswered(context))
    return new HostFault(explainUnreachable({ url: context.trace.mcp.url, during, say: context.say }), 'discovery');
  if (!context.signal.aborted && readHttpStatus(error) === 401) {
    const answer = findLatestUnauthorized(context);
    const challenge = answer?.responseHeaders?.['www-authenticate'];
    const sentAuthorization = Object.keys(toHeaderRecord(context.options.mcpHeaders ?? [])).some((name) => name.toLowerCase() === 'authorization');
    return new HostFault(
      explainAuthorizationRequired({ url: context.trace.mcp.url, during, sentAuthorization, say: context.say, ...(challenge ? { challenge } : {}) }),
      'discovery',
    );
  }
  return explainMcpError(context, error, during);
}

function openConnection(context: ConnectContext, url: URL | undefined, era: Era): McpConnection {
  const { hostStep } = context;
  const createTransport = context.options.mcpTransport;
  const connection = new McpConnection({
    // A stdio server is named by its command (mcpUrl), not reached by it.
    url: createTransport ? undefined : url,
    ...(createTransport ? { createTransport: () => new RecordingTransport(createTransport(), context.traffic.messages) } : {}),
    era,
    fetch: createBearerFetch(context),
    headers: toHeaderRecord(context.options.mcpHeaders ?? []),
    onRefused: (error) => authorizeIfRefused(context, error),
    capabilities: { ...describeHostCapabilities(context.options.roots), ...describeAppsCapability(context.options.appViews !== undefined) },
    answerServerRequests: (client) => answerServerRequests(context, client),
    onSessionLost: async () => {
      await hostStep('host.new-session', {
        payload: {
          reason: 'The server answered 404 for the session id: it no longer knows this session.',
          action: 'start a new session, then send the same request again',
        },
      });
    },
  });
  context.state.connection = connection;
  return connection;
}

async function connectInEra(context: ConnectContext, url: URL | undefined, era: Era): Promise<McpConnection> {
  const connection = openConnection(context, url, era);
  await guardMcpCall(context, 'while connecting', (signal) => connection.connect(signal));
  return connection;
}

/**
 * The Auto era, in the open: 2026-07-28 first; when the server's recorded answer says it
 * speaks an older era, a step says what it answered and why, then the 2025-11-25 handshake.
 * A stdio server is tried the same way: its answer is the message it wrote (the 2025-11-25
 * attempt starts the program anew, as every connection does).
 */
async function connectAuto(context: ConnectContext, url: URL | undefined): Promise<McpConnection> {
  try {
    return await connectInEra(context, url, '2026-07-28');
  } catch (error) {
    const verdict = readDiscoverVerdict(context, error);
    if (verdict.kind !== 'fall-back') throw error;
    await context.state.connection?.close({ terminate: false });
    recordDeclinedDiscover(context, verdict.answered);
    await context.hostStep('host.era-fallback', {
      payload: {
        tried: { era: MODERN_ERA, request: 'server/discover' },
        serverAnswered: verdict.answered,
        reason: verdict.reason,
        action: context.options.mcpTransport
          ? 'start the program again and connect in the 2025-11-25 era: initialize, then notifications/initialized'
          : 'connect again in the 2025-11-25 era: initialize, then notifications/initialized',
      },
    });
    return connectInEra(context, url, '2025-11-25');
  }
}

/** The verdict on the server/discover answer, when the failure came from the server's answer (not the run's reset). */
function readDiscoverVerdict(context: ConnectContext, error: unknown): EraVerdict {
  if (context.signal.aborted || error instanceof RunAborted || context.watchdog.fault) return { kind: 'not-a-version-question' };
  if (context.options.mcpTransport) return judgeStdioDiscoverAnswer(readStdioDiscoverAnswer(context, error));
  return judgeDiscoverAnswer(findLatestHttp(context, 'mcp.discover.request')?.http);
}

/**
 * A stdio program's answer to the latest server/discover, from the recorded messages; when
 * none came and the SDK says the negotiation failed, the program closed the connection.
 */
function readStdioDiscoverAnswer(context: ConnectContext, error: unknown): { message: unknown; closed: boolean } {
  const request = context.trace.steps.findLast((step) => step.id === 'mcp.discover.request');
  const answer = request && context.trace.steps.find((step) => step.n > request.n && step.id === 'mcp.discover.response');
  const negotiationFailed = error instanceof SdkError && error.code === SdkErrorCode.EraNegotiationFailed;
  return { message: answer?.payload, closed: request !== undefined && negotiationFailed };
}

/**
 * A server that does not know server/discover often answers with an HTTP error whose body
 * answers no request id: the traffic has no step for it, so the host records one.
 */
function recordDeclinedDiscover(context: ConnectContext, answered: ProbeAnswer): void {
  const request = findLatestHttp(context, 'mcp.discover.request');
  if (!request) return;
  const answeredAlready = context.trace.steps.some((step) => step.n > request.step.n && step.id === 'mcp.discover.response');
  if (answeredAlready) return;
  context.writer.append('mcp.discover.declined', {
    payload: parseJsonBody(request.http.responseBody) ?? answered,
    http: request.http,
    title: `Server answers server/discover with HTTP ${answered.status}: it does not speak 2026-07-28`,
  });
}

function connectInChosenEra(context: ConnectContext, url: URL | undefined): Promise<McpConnection> {
  const { era } = context.options;
  return era === 'auto' ? connectAuto(context, url) : connectInEra(context, url, era);
}

function explainConnectFailure(context: ConnectContext, error: unknown): Error {
  const { era } = context.options;
  if (era === '2026-07-28') {
    const verdict = readDiscoverVerdict(context, error);
    if (verdict.kind === 'fall-back')
      return new HostFault(explainPinnedEraRefused({ url: context.trace.mcp.url, reason: verdict.reason, say: context.say }), 'discovery');
  }
  // The Auto era's 2026-07-28 attempt is pinned inside the SDK, whose words then say "pinned": the host says what happened in Auto's.
  const negotiationFailed = error instanceof SdkError && error.code === SdkErrorCode.EraNegotiationFailed;
  if (era === 'auto' && negotiationFailed && !context.signal.aborted && !context.watchdog.fault && !isUnanswered(context)) {
    const answered = context.options.mcpTransport
      ? readStdioDiscoverAnswer(context, error).message
      : describeDiscoverAnswer(findLatestHttp(context, 'mcp.discover.request')?.http);
    return new HostFault(
      explainAutoProbeUnread({ url: context.trace.mcp.url, answered: JSON.stringify(answered ?? 'nothing'), say: context.say }),
      'discovery',
    );
  }
  return explainConnectError(context, error, 'while connecting');
}

/**
 * Opens the MCP session (the handshake), and records which protocol version the server
 * agreed to. A 401 on the way starts the authorization flow (when the run has its
 * settings), and the connection is made once more with the token.
 */
export async function connectToServer(context: ConnectContext, url: URL | undefined): Promise<McpConnection> {
  for (let flows = 0; ; flows += 1) {
    try {
      const connection = await connectInChosenEra(context, url);
      context.writer.agreeProtocolVersion(connection.protocolVersion);
      return connection;
    } catch (error) {
      // The token from one flow may still be refused: expired (a refresh), or short of a scope (step-up); a few flows, not a loop.
      if (flows >= MAX_FLOWS_WHILE_CONNECTING || !(await authorizeIfRefused(context, error))) throw explainConnectFailure(context, error);
      await context.state.connection?.close({ terminate: false });
    }
  }
}

/** The first flow, a refresh or a step-up, and one more: enough for any honest server. */
const MAX_FLOWS_WHILE_CONNECTING = 3;
