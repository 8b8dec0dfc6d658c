import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from '../server/http/create-app.ts';
import { createNodeListener } from '../server/node/create-node-listener.ts';

/**
 * The attack of issue 36: an MCP server whose authorization server names a `javascript:`
 * URL as its authorization endpoint. The page opens the consent popup at that address, and
 * a browser runs it as script in the explorer's origin unless something stops it. The server
 * is the real app (/mcp/protected and its authorization sandbox) on another origin, with
 * that one field of its metadata rewritten, as a hostile server would send it.
 */

/** What the script would do: leave a mark in the explorer's storage (and title) that the test looks for. */
export const JAVASCRIPT_ENDPOINT = "javascript:(()=>{localStorage.setItem('hostile-endpoint-ran',self.origin);document.title='Taken over'})()//";

export async function startHostileAuthorizationServer({ allowedOrigins }: { allowedOrigins: string[] }): Promise<{ url: string; close: () => Promise<void> }> {
  const app = createApp({ allowedHostnames: ['127.0.0.1'], allowedOrigins });
  const server = createServer(
    createNodeListener(async (request) => {
      const answer = await app.fetch(request);
      if (!answer.headers.get('content-type')?.includes('json')) return answer;
      const body: unknown = await answer.json();
      const rewritten = typeof body === 'object' && body !== null && 'authorization_endpoint' in body ? { ...body, authorization_endpoint: JAVASCRIPT_ENDPOINT } : body;
      const headers = new Headers(answer.headers);
      headers.delete('content-length');
      return new Response(JSON.stringify(rewritten), { status: answer.status, headers });
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
