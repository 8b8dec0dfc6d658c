import type { Trace } from '../trace/index.ts';
import { isProviderMcpWire, PROVIDER_MCP_WIRES } from '../trace/index.ts';
import { findWireInfo } from '../providers/index.ts';
import { readAppBaseUrl, waitForInBrowserServer } from '../service-worker/index.ts';
import { useExplorerStore } from './explorer-store.ts';
import { loadEngine } from './run-controller.ts';
import { prepareRunOptions, resolveProvider } from './prepare-run-options.ts';

export type TopologyTwin = { host: Trace; provider: Trace };

/**
 * The twin view's two runs: the question on show, with the learner's server, model and
 * format, once with the host's MCP client and once with the provider's, one after the
 * other, every gate given the host's proposed answer (each run's gates say so). They run
 * beside the run on show and change nothing of it.
 */
export async function runTopologyTwin(): Promise<TopologyTwin | { error: string }> {
  const state = useExplorerStore.getState();
  const twinState = { ...state, model: { ...state.model, topology: 'provider' as const } };
  const appBaseUrl = readAppBaseUrl();
  const provider = resolveProvider(twinState, appBaseUrl.href);
  if (!isProviderMcpWire(provider.wire)) {
    const names = PROVIDER_MCP_WIRES.map((wire) => findWireInfo(wire)?.label ?? wire).join(' and ');
    return { error: `Only ${names} have a provider that calls the MCP server itself: choose one of them as the wire format in the model settings.` };
  }
  const { topology: _topology, providerMcp, ...base } = prepareRunOptions({ state: twinState, provider, appBaseUrl });
  if (base.authorization) return { error: 'The twin view runs without signing in: choose a scenario or server that needs no authorization.' };
  const engine = await loadEngine();
  const ready = () => (provider.kind === 'mock' || state.model.mcpServerUrl === null ? { serverReady: waitForInBrowserServer() } : {});
  const host = await engine.createLifecycleRun({ ...base, ...ready(), autoRelease: true }).start();
  const providerSide = await engine
    .createLifecycleRun({ ...base, ...ready(), topology: 'provider', ...(providerMcp ? { providerMcp } : {}), autoRelease: true })
    .start();
  return { host, provider: providerSide };
}
