import { DEFAULT_SCENARIO_ID, findScenario } from '../content/index.ts';
import { ERAS } from '../trace/index.ts';
import { setEra } from './actions.ts';
import { isPinnedEra, useOpenedLink } from './deep-link.ts';
import { useExplorerStore } from './explorer-store.ts';

/**
 * What of a shared link's address (deep-link.ts) the page cannot take, said on the
 * opened-link banner, and what it can take without a scenario.
 */

/** Text from the address, quoted in a sentence: a link is anyone's, so it is cut short (and React renders it as text). */
function quoteFromLink(text: string): string {
  return `“${text.length > 40 ? `${text.slice(0, 40)}…` : text}”`;
}

/**
 * What of a link's address the page cannot take, in words, or null: a scenario it does not have, an era it does not
 * know (auto included: it is for a server named by URL, which a link never carries).
 */
export function describeRefusedLinkParts(search: string): string | null {
  const parameters = new URLSearchParams(search);
  const scenarioId = parameters.get('scenario');
  const era = parameters.get('era');
  const fallback = findScenario(DEFAULT_SCENARIO_ID)?.title ?? DEFAULT_SCENARIO_ID;
  const parts = [
    scenarioId !== null && !findScenario(scenarioId)
      ? `The link names the scenario ${quoteFromLink(scenarioId)}, which this explorer does not have: “${fallback}” is on show instead; pick another under Scenario.`
      : null,
    era !== null && !isPinnedEra(era)
      ? `The link asks for the era ${quoteFromLink(era)}, which ${era === 'auto' ? 'is for an MCP server named by URL, and a link opens the built-in one' : `this explorer does not speak (it speaks ${ERAS.join(' and ')})`}: the page is in ${useExplorerStore.getState().era}; change it under Protocol era.`
      : null,
  ].filter((part) => part !== null);
  return parts.length > 0 ? parts.join(' ') : null;
}

/** A link with an era and no scenario (?era=2026-07-28): the era is honoured, with the default scenario. */
export function applyLinkWithoutScenario(search: string): void {
  const era = new URLSearchParams(search).get('era');
  if (era !== null && isPinnedEra(era)) setEra(era);
}

/** What the page could not take of its address goes to the opened-link banner (after the link's own settings are applied). */
export function noteRefusedLinkParts(search: string): void {
  const refused = describeRefusedLinkParts(search);
  if (refused !== null) useOpenedLink.setState({ refused });
}
