import { fileURLToPath } from 'node:url';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { CallToolResult, ElicitRequestParams } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it } from 'vitest';
import { readServerSentEvents } from '../helpers/read-server-sent-events.ts';
import { readTextBlocks } from '../helpers/toolbox-clients.ts';
import { useServer } from '../helpers/use-server.ts';

/**
 * Several clients share one bridged program, and the bridge cannot tell them apart (it
 * keeps no session). One client's stderr, log lines and the program's requests must not
 * reach another: here two official v2 clients call a program at once over real HTTP,
 * each with a secret the program repeats on stderr, in a log notification tied to no
 * request, in the call's progress and in an elicitation request of its own
 * (tests/helpers/stdio-programs/whispering-server.mjs), and each client's whole answers,
 * bridge events included, are read for the other's secret.
 */

const program = fileURLToPath(new URL('../helpers/stdio-programs/whispering-server.mjs', import.meta.url));
// Shared (--stdio-shared): these tests are about one program that several clients reach.
const server = useServer({ stdioServers: [{ name: 'whisper', command: process.execPath, args: [program], shared: true }] });

type Connected = { client: Client; received: () => Promise<string>; asked: ElicitRequestParams[] };
const clients: Client[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
});

async function connect(name: string): Promise<Connected> {
  const reads: Promise<string>[] = [];
  const recording = async (url: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const response = await fetch(url, init);
    // Read beside the client: a call's stream stays open until the client has answered the program's request.
    reads.push(response.clone().text());
    return response;
  };
  const asked: ElicitRequestParams[] = [];
  const client = new Client({ name, version: '1.0.0' }, { versionNegotiation: { mode: 'legacy' }, capabilities: { elicitation: { form: {} } } });
  client.setRequestHandler('elicitation/create', async (request) => {
    asked.push(request.params);
    return { action: 'accept', content: {} };
  });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp/stdio/whisper`), { fetch: recording }));
  clients.push(client);
  return { client, asked, received: async () => (await Promise.all(reads)).join('\n') };
}

async function callWithProgress({ client }: Connected, name: string, secret: string): Promise<{ texts: string[]; progress: (string | undefined)[] }> {
  const progress: (string | undefined)[] = [];
  const result = (await client.callTool({ name, arguments: { secret } }, { onprogress: (update) => progress.push(update.message) })) as CallToolResult;
  return { texts: readTextBlocks(result), progress };
}

describe('two clients of one bridged program at once', () => {
  it('neither hears the other: stderr, log lines and the program’s requests reach no client when two calls are in flight; each gets its own progress and answer', async () => {
    const [alice, bob] = await Promise.all([connect('alice'), connect('bob')]);
    const [fromAlice, fromBob] = await Promise.all([
      callWithProgress(alice, 'whisper-together', 'alpha-secret'),
      callWithProgress(bob, 'whisper-together', 'bravo-secret'),
    ]);

    expect(fromAlice.progress).toEqual(['progress alpha-secret']);
    expect(fromBob.progress).toEqual(['progress bravo-secret']);
    // The program's elicitation came while both calls were in flight: whose it was cannot be told, so the bridge answered it.
    expect(fromAlice.texts).toEqual([expect.stringMatching(/^heard alpha-secret; refused: The bridge passed elicitation\/create to no client/)]);
    expect(fromBob.texts).toEqual([expect.stringMatching(/^heard bravo-secret; refused: The bridge passed elicitation\/create to no client/)]);
    expect(alice.asked).toEqual([]);
    expect(bob.asked).toEqual([]);

    const [aliceReceived, bobReceived] = await Promise.all([alice.received(), bob.received()]);
    expect(aliceReceived).toContain('progress alpha-secret');
    expect(aliceReceived).not.toContain('bravo');
    expect(bobReceived).toContain('progress bravo-secret');
    expect(bobReceived).not.toContain('alpha');
    // Nor did either hear the lines tied to no call: they were written while both were in flight.
    for (const received of [aliceReceived, bobReceived]) expect(received).not.toMatch(/whisper: |logged /);
  }, 30_000);

  it('a call alone in flight hears its own stderr and log line, and answers the program’s request through the bridge', async () => {
    const carol = await connect('carol');
    const { texts, progress } = await callWithProgress(carol, 'whisper', 'charlie-secret');
    expect(texts).toEqual(['heard charlie-secret; answered: accept']);
    expect(progress).toEqual(['progress charlie-secret']);
    expect(carol.asked).toMatchObject([{ message: 'May I repeat charlie-secret?' }]);
    const received = await carol.received();
    expect(received).toContain('"line":"whisper: charlie-secret"');
    expect(received).toContain('logged charlie-secret');
    // The program's request reached the client under an unguessable id of the bridge's, not the program's own.
    const requests = readServerSentEvents(received, { ended: true }).filter((event) => event.event === 'message' && event.data.includes('elicitation/create'));
    expect(requests.map((event) => JSON.parse(event.data) as unknown)).toEqual([
      expect.objectContaining({ id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/) }),
    ]);
  }, 30_000);

  it('a line the program writes when no call is in flight reaches no client, not even the next one to call', async () => {
    const [dave, erin] = await Promise.all([connect('dave'), connect('erin')]);
    expect((await callWithProgress(dave, 'whisper-then-later', 'delta-secret')).texts).toEqual(['heard delta-secret']);
    expect((await callWithProgress(erin, 'whisper-then-later', 'echo-secret')).texts).toEqual(['heard echo-secret']);
    expect(await dave.received()).not.toContain('later delta-secret');
    expect(await erin.received()).not.toContain('delta');
  }, 30_000);

  it('refuses an answer to a request of the program’s that no client was given: an id the program chose is not one a client can answer', async () => {
    const response = await fetch(`${server.url}/mcp/stdio/whisper`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 'whisper-1', result: { action: 'accept', content: {} } }),
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(
      /no request of the stdio server's waits for an answer with id "whisper-1"/,
    );
  });
});
