import type { WireAdapter } from './types.ts';
import { requireWireInfo, type WireInfo } from './wire-catalog.ts';

/** What a wire format's folder writes itself: the translations, without the catalog's names and defaults. */
export type WireTranslations<Conversation, ProviderTools, AssistantTurn> = Omit<WireAdapter<Conversation, ProviderTools, AssistantTurn>, keyof WireInfo>;

/**
 * A wire format's adapter: its translations under its catalog entry. The type parameters
 * are given where the adapter is written, so every function is checked against the same
 * conversation, tool and assistant-turn types: what buildRequest takes is what
 * startConversation and appendToolResults make, and appendToolResults reads the turn
 * readResponse kept, without a cast.
 */
export function defineWireAdapter<Conversation, ProviderTools, AssistantTurn>(
  id: string,
  translations: WireTranslations<Conversation, ProviderTools, AssistantTurn>,
): WireAdapter<Conversation, ProviderTools, AssistantTurn> {
  return { ...requireWireInfo(id), ...translations };
}
