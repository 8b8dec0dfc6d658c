import { createStore, type StoreApi } from 'zustand/vanilla';
import type { ServerOfferings } from '../lifecycle/list-server-offerings.ts';
import type { PromptChoice } from '../lifecycle/index.ts';
import { findScenario } from '../content/index.ts';
import { resolveScenarioEndpoint } from '../lifecycle/index.ts';
import { readAppBaseUrl, resolveAppUrl } from '../service-worker/index.ts';
import { useExplorerStore } from './explorer-store.ts';
import { definePageStore } from './page-store.ts';

/**
 * The prompts and resources of the server in use, as the settings show them, and the
 * prompt the learner chose to start from. Kept apart from the run: listing them is a
 * look at the menu, not part of any lifecycle.
 */
export type ServerOfferingsState = {
  loading: boolean;
  offerings: (ServerOfferings & { serverUrl: string }) | null;
  error: string | null;
  /** The prompt the next runs start from, until another scenario or question is chosen. */
  chosenPrompt: PromptChoice | null;
};

export function createServerOfferingsStore(): StoreApi<ServerOfferingsState> {
  return createStore<ServerOfferingsState>()(() => ({ loading: false, offerings: null, error: null, chosenPrompt: null }));
}

export const useServerOfferingsStore = definePageStore(createServerOfferingsStore);

/** The MCP server a run would reach now: the learner's by URL, or the built-in one of the scenario. */
export function resolveServerInUse(): string {
  const state = useExplorerStore.getState();
  const appBaseUrl = readAppBaseUrl();
  return (
    state.model.mcpServerUrl ?? resolveScenarioEndpoint({ scenario: findScenario(state.scenarioId), resolveAppPath: (path) => resolveAppUrl(path, appBaseUrl) })
  );
}

/** prompts/list and resources/list on the server in use, with a client of their own (loaded on demand, like the engine). */
export async function loadServerOfferings(): Promise<void> {
  const state = useExplorerStore.getState();
  const serverUrl = resolveServerInUse();
  useServerOfferingsStore.setState({ loading: true, error: null });
  try {
    const { listServerOfferings } = await import('../lifecycle/list-server-offerings.ts');
    const headers = state.model.mcpServerUrl === null ? [] : state.model.mcpHeaders;
    const offerings = await listServerOfferings({ url: new URL(serverUrl), era: state.era, headers, fetch: (input, init) => globalThis.fetch(input, init) });
    useServerOfferingsStore.setState({ loading: false, offerings: { ...offerings, serverUrl } });
  } catch (error) {
    useServerOfferingsStore.setState({ loading: false, offerings: null, error: error instanceof Error ? error.message : String(error) });
  }
}

export function setChosenPrompt(choice: PromptChoice | null): void {
  useServerOfferingsStore.setState({ chosenPrompt: choice });
}
