import { Client, StreamableHTTPClientTransport, type FetchLike, type Prompt, type Resource } from '@modelcontextprotocol/client';
import type { EraChoice } from '../trace/index.ts';
import { toHeaderRecord, type McpHeader } from './mcp-headers.ts';
import { WAIT_FOR_LEARNER_MS } from './timeouts.ts';

export type ServerOfferings = {
  prompts: Prompt[];
  resources: Resource[];
  /** What the server does not offer, or could not list, in words. */
  notes: string[];
};

const CLIENT_INFO = { name: 'mcp-lifecycle-explorer-settings', version: '0.1.0' };

function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * What a server offers the user beside its tools: its prompts and resources, for the
 * settings to show before a run. A client of its own, outside any run and any trace: the
 * learner looks at a menu here, and the run that starts from a prompt lists and gets it
 * again, on the record. Auto asks in 2025-11-25, the era every server here speaks.
 */
export async function listServerOfferings({
  url,
  era,
  headers,
  fetch,
}: {
  url: URL;
  era: EraChoice;
  headers: readonly McpHeader[];
  fetch: FetchLike;
}): Promise<ServerOfferings> {
  const record = toHeaderRecord(headers);
  const transport = new StreamableHTTPClientTransport(url, { fetch, ...(Object.keys(record).length > 0 ? { requestInit: { headers: record } } : {}) });
  const client = new Client(CLIENT_INFO, { versionNegotiation: { mode: era === '2026-07-28' ? { pin: '2026-07-28' } : 'legacy' } });
  try {
    await client.connect(transport, { timeout: WAIT_FOR_LEARNER_MS });
  } catch (error) {
    throw new Error(
      `The server at ${url.href} could not be reached (${describeError(error)}). Check the address, its headers and that it is running, then load again.`,
      { cause: error },
    );
  }
  const offered = client.getServerCapabilities() ?? {};
  const notes: string[] = [];
  try {
    const prompts = offered.prompts ? (await client.listPrompts(undefined, { timeout: WAIT_FOR_LEARNER_MS })).prompts : [];
    if (!offered.prompts) notes.push('The server does not offer prompts (no prompts capability).');
    const resources = offered.resources ? (await client.listResources(undefined, { timeout: WAIT_FOR_LEARNER_MS })).resources : [];
    if (!offered.resources) notes.push('The server does not offer resources (no resources capability).');
    return { prompts, resources, notes };
  } catch (error) {
    throw new Error(`The server at ${url.href} answered, but listing its prompts or resources failed (${describeError(error)}).`, { cause: error });
  } finally {
    await client.close().catch(() => {});
  }
}
