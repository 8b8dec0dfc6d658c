import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The CLI's redirect URI (RFC 8252 §7.3, a native app's loopback redirect): a listener on
 * 127.0.0.1 at a free port that takes the one redirect the authorization server sends
 * the browser to, and hands its URL (code, state, iss) to the host, which checks it.
 * Any program or page on this machine can reach the port, so only a request that carries
 * the state of the sign-in being waited for is taken; any other is answered 400 and the
 * wait goes on (one forged request used to end the sign-in).
 */

export type LoopbackRedirect = {
  redirectUri: string;
  /**
   * Resolves with the URL the browser was sent back to, carrying this `state`; rejects when
   * the wait is over or the run stops. `onRefused` hears of each request turned away.
   */
  waitForRedirect: (wait: { state: string; signal: AbortSignal; onRefused?: (reason: string) => void }) => Promise<string>;
  close: () => Promise<void>;
};

/** Long enough to sign in and approve, short enough that a forgotten run ends. */
const WAIT_FOR_CONSENT_MS = 5 * 60_000;

type Waiting = { state: string; deliver: (url: string) => void; onRefused: ((reason: string) => void) | undefined };

function answerPlain(response: ServerResponse, status: number, text: string): void {
  response
    .writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' })
    .end(`${text}\n`);
}

/** Why a request to the callback is not the answer being waited for, or undefined when it is. */
function findRefusal(waiting: Waiting | undefined, state: string | null): string | undefined {
  if (!waiting) return 'no sign-in is waiting for an answer here';
  if (state === null) return 'it carries no state, so it cannot be the answer to the sign-in the explorer started';
  if (state !== waiting.state) return 'its state is not the one the explorer sent, so it answers another request (or is forged)';
  return undefined;
}

export async function startLoopbackRedirect(): Promise<LoopbackRedirect> {
  let waiting: Waiting | undefined;
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (request.method !== 'GET' || url.pathname !== '/callback') {
      answerPlain(response, 404, 'Not the callback.');
      return;
    }
    const refusal = findRefusal(waiting, url.searchParams.get('state'));
    if (refusal !== undefined) {
      answerPlain(
        response,
        400,
        `The explorer did not take this answer: ${refusal}. It is still waiting for the authorization server to send you back from the consent page it printed in the terminal; finish there.`,
      );
      waiting?.onRefused?.(refusal);
      return;
    }
    answerPlain(response, 200, 'The explorer received the answer of the authorization server. You may close this window and go back to the terminal.');
    waiting?.deliver(`${redirectUri}${url.search}`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const redirectUri = `http://127.0.0.1:${port}/callback`;
  return {
    redirectUri,
    waitForRedirect: ({ state, signal, onRefused }) =>
      new Promise<string>((resolve, reject) => {
        const stop = (error: Error) => {
          clearTimeout(timer);
          waiting = undefined;
          reject(error);
        };
        const timer = setTimeout(
          () => stop(new Error(`no redirect with this sign-in's state reached ${redirectUri} within ${WAIT_FOR_CONSENT_MS / 60_000} minutes.`)),
          WAIT_FOR_CONSENT_MS,
        );
        signal.addEventListener('abort', () => stop(new Error('the run was stopped.')), { once: true });
        waiting = {
          state,
          onRefused,
          deliver: (url) => {
            clearTimeout(timer);
            waiting = undefined;
            resolve(url);
          },
        };
      }),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
