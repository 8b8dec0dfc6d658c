import type { ListRootsResult } from '@modelcontextprotocol/client';
import { buildListRootsResult, type HostRoot } from './roots.ts';
import type { RunSlice } from './run-context.ts';

/** What the answer to roots/list needs: the writer, the connection's era and the phase. */
export type RootsAnswerContext = RunSlice<'writer', never, 'connection' | 'phase'>;

/**
 * The host's answer to a server's roots/list, from any server, once the user gave roots.
 * It needs no approval of its own: configuring the roots was the user's decision, and the
 * answer is exactly that list. So its steps are written, not held at the gate (the answer
 * itself still waits there like every message the client sends); that also keeps a server
 * that asks outside any call (the everything server asks right after initialize) from
 * taking the gate while the learner is at another step.
 */
export function answerRoots(context: RootsAnswerContext, roots: readonly HostRoot[]): ListRootsResult {
  const { writer } = context;
  const modern = context.state.connection?.era === '2026-07-28';
  // A server may ask during discovery (the everything server does, right after initialize), not only while a tool runs: the steps are in the phase the run is in.
  const phase = context.state.phase;
  writer.append('client.roots-to-host', {
    phase,
    payload: { method: 'roots/list' },
    note: modern
      ? 'The server asked the client for its roots inside input_required (inputRequests): the client hands the request to the host, which owns the list.'
      : 'The server asked the client for its roots with a request of its own (roots/list): the client hands it to the host, which owns the list.',
  });
  const result = buildListRootsResult(roots);
  writer.append('host.roots.result', {
    phase,
    payload: result,
    note:
      `The host decides what to share: the ${roots.length === 1 ? 'root' : `${roots.length} roots`} the user configured, nothing taken from where the host runs. ` +
      'Roots are advisory: they tell a well-behaved server where to work, they are not a security boundary, and nothing stops a server from ignoring them. ' +
      (modern
        ? 'The client sends the call again with this ListRootsResult in inputResponses.'
        : 'The client sends this ListRootsResult back as the answer to the server’s request.'),
  });
  return result;
}
