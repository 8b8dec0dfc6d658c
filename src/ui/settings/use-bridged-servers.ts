import { useEffect, useState } from 'react';
import { readAppBaseUrl, resolveAppUrl } from '../../service-worker/index.ts';
import { BridgeListingSchema, STDIO_BRIDGE_PATH } from '../../trace/index.ts';

/** `clients`: whether each client's session gets a program of its own, or one serves them all (--stdio-shared). */
export type BridgedServer = { name: string; url: string; running: boolean; clients: 'own-program' | 'shared' };

/**
 * The stdio servers `npm start -- --stdio NAME=…` bridges, as GET /mcp/stdio lists them,
 * each with the URL the page's client reaches it at. None where the app has no bridge
 * (the static site, an older server): the list is simply empty.
 */
export function useBridgedServers(): BridgedServer[] {
  const [servers, setServers] = useState<BridgedServer[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    const base = readAppBaseUrl();
    fetch(resolveAppUrl(STDIO_BRIDGE_PATH, base), { signal: controller.signal, headers: { accept: 'application/json' } })
      .then(async (response) => {
        if (!response.ok) return;
        const listing = BridgeListingSchema.safeParse(await response.json());
        if (listing.success)
          setServers(
            listing.data.servers.map((server) => ({
              name: server.name,
              running: server.running,
              clients: server.clients,
              url: resolveAppUrl(server.path, base),
            })),
          );
      })
      .catch(() => {});
    return () => controller.abort();
  }, []);
  return servers;
}
