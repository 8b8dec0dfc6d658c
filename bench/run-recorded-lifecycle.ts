import { createMcpTraffic } from '../src/lifecycle/mcp-traffic.ts';
import { startTrace } from '../src/lifecycle/start-trace.ts';
import { resolveTimeouts } from '../src/lifecycle/timeouts.ts';
import { TraceWriter } from '../src/lifecycle/trace-writer.ts';
import { createRecordingFetch, type RecordingOptions } from '../src/mcp/recording-fetch.ts';
import { MAX_NESTING_DEPTH } from '../src/trace/depth-bound.ts';
import { createRandomTraceHex } from '../src/trace/trace-context.ts';
import { runBareLifecycle } from './run-bare-lifecycle.ts';
import { BENCH_QUESTION, MOCK_MODEL } from './run-engine-lifecycle.ts';

/**
 * The bare lifecycle with one layer of the engine put back, to say what each layer costs:
 * 'recorder' gives the SDK's transport and the provider calls the engine's recording
 * fetch (every exchange, header, body and frame recorded, with the engine's bounds and
 * timeouts); 'traffic' also turns the MCP traffic into steps as the engine does (the
 * classifier, the trace writer, the traceparent, the open gate). Neither has the host's
 * own steps, translations, watchdog or provider reading: the engine's lifecycle minus
 * these is what those cost.
 */

export type EngineLayer = 'recorder' | 'traffic';

export function runRecordedLifecycle({ serverUrl, layer }: { serverUrl: string; layer: EngineLayer }): Promise<string> {
  const mcpUrl = `${serverUrl}/mcp`;
  const timeouts = resolveTimeouts(30_000);
  const limits = { maxFrames: timeouts.maxAnswerFrames, maxBytes: timeouts.maxAnswerBytes, maxDepth: MAX_NESTING_DEPTH };
  const mcp: RecordingOptions = { timeoutMs: timeouts.mcpSilenceMs, limits: { ...limits, totalMs: timeouts.mcpRequestMs } };
  const provider: RecordingOptions = { timeoutMs: timeouts.providerAnswerMs, limits: { ...limits, totalMs: timeouts.providerCallMs } };
  return runBareLifecycle({
    serverUrl,
    question: BENCH_QUESTION,
    model: MOCK_MODEL,
    mcpFetch: layer === 'traffic' ? createTrafficFetch({ serverUrl, mcpUrl, options: mcp }) : createRecordingFetch(mcp),
    providerFetch: createRecordingFetch(provider),
  });
}

function createTrafficFetch({ serverUrl, mcpUrl, options }: { serverUrl: string; mcpUrl: string; options: RecordingOptions }) {
  const trace = startTrace({
    question: BENCH_QUESTION,
    era: '2025-11-25',
    mcpUrl,
    provider: { wire: 'openai-chat', kind: 'mock', baseUrl: `${serverUrl}/mock/openai/v1`, model: MOCK_MODEL },
  });
  const writer = new TraceWriter(trace, () => performance.now());
  const traffic = createMcpTraffic({ writer, gate: async () => ({}), traceId: createRandomTraceHex(16) });
  return createRecordingFetch({ timeoutMs: options.timeoutMs, limits: options.limits, beforeSend: traffic.beforeSend, listener: traffic.listener });
}
