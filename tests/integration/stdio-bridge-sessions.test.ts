import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { BridgeListingSchema, MAX_BRIDGE_SESSION_PROGRAMS } from '../../src/trace/bridge-frames.ts';
import { EVERYTHING_STDIO } from '../helpers/everything-server.ts';
import { INITIALIZE } from '../helpers/mcp-http.ts';
import { useServer } from '../helpers/use-server.ts';

/**
 * A program for each client through the stdio bridge (issue 40): the reference everything
 * server registers its sampling tool only for a client that declares sampling, so a client
 * that shared a program with an earlier one saw that tool although it declared no sampling.
 * Now each initialize gets the command started again and a session id; the programs are
 * bounded, and stopped when their sessions end. A marker program writes its pid to a file
 * each time it starts, so no start and no stop goes unseen.
 */

const folder = mkdtempSync(join(tmpdir(), 'stdio-bridge-sessions-'));
const starts = join(folder, 'starts.log');
const readPids = () => {
  try {
    return readFileSync(starts, 'utf8').split('\n').filter(Boolean).map(Number);
  } catch {
    return [];
  }
};
const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const script = `require('fs').appendFileSync(${JSON.stringify(starts)}, process.pid + '\\n'); process.stdin.resume();`;
const marker = { name: 'marker', command: process.execPath, args: ['-e', script] };
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Exits as soon as a client's first line reaches it. */
const quitter = { name: 'quitter', command: process.execPath, args: ['-e', "process.stdin.once('data', () => process.exit(3))"] };

const server = useServer({ stdioServers: [EVERYTHING_STDIO, marker, quitter] });
const clients: Client[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
});

async function listToolsAs(
  name: string,
  capabilities: { sampling?: Record<string, never> },
): Promise<{ tools: string[]; transport: StreamableHTTPClientTransport }> {
  const client = new Client({ name, version: '1.0.0' }, { versionNegotiation: { mode: 'legacy' }, capabilities });
  if (capabilities.sampling)
    client.setRequestHandler('sampling/createMessage', async () => ({ role: 'assistant', content: { type: 'text', text: 'unused' }, model: 'none' }));
  const transport = new StreamableHTTPClientTransport(new URL(`${server.url}/mcp/stdio/everything`));
  await client.connect(transport);
  clients.push(client);
  return { tools: (await client.listTools()).tools.map((tool) => tool.name), transport };
}

const initialize = (path: string) =>
  fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify(INITIALIZE),
  });

describe('the stdio bridge gives each client a program of its own', () => {
  it('a client that declares no sampling does not see the sampling tool registered for an earlier client that did', async () => {
    const first = await listToolsAs('samples', { sampling: {} });
    expect(first.tools).toContain('trigger-sampling-request');
    const second = await listToolsAs('no-sampling', {});
    expect(second.tools).toContain('get-sum');
    expect(second.tools).not.toContain('trigger-sampling-request');
    expect(first.transport.sessionId).toMatch(/\S/);
    expect(second.transport.sessionId).not.toBe(first.transport.sessionId);
  }, 60_000);

  it('says so in the listing, for the page', async () => {
    const listing = BridgeListingSchema.parse(await (await fetch(`${server.url}/mcp/stdio`)).json());
    expect(listing.servers.map((entry) => [entry.name, entry.clients])).toEqual([
      ['everything', 'own-program'],
      ['marker', 'own-program'],
      ['quitter', 'own-program'],
    ]);
  });

  it(`starts at most ${MAX_BRIDGE_SESSION_PROGRAMS} at once, and stops a session's program with its DELETE`, async () => {
    await expect.poll(() => readPids().length).toBe(1);
    const sessions: string[] = [];
    for (let count = 0; count < MAX_BRIDGE_SESSION_PROGRAMS; count += 1) {
      const answer = await initialize('/mcp/stdio/marker');
      expect(answer.status).toBe(200);
      sessions.push(answer.headers.get('mcp-session-id')!);
      await answer.body?.cancel();
    }
    await expect.poll(() => readPids().length).toBe(1 + MAX_BRIDGE_SESSION_PROGRAMS);
    const refused = await initialize('/mcp/stdio/marker');
    expect(refused.status).toBe(503);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toContain(`already runs ${MAX_BRIDGE_SESSION_PROGRAMS} programs`);
    expect(readPids()).toHaveLength(1 + MAX_BRIDGE_SESSION_PROGRAMS);

    const ended = await fetch(`${server.url}/mcp/stdio/marker`, { method: 'DELETE', headers: { 'mcp-session-id': sessions[0]! } });
    expect(ended.status).toBe(200);
    // Its program, and that one alone, has stopped (the pids are written in the order the programs got to run, which need not be the order of the sessions).
    await expect.poll(() => readPids().filter((pid) => !isRunning(pid)).length, { timeout: 10_000 }).toBe(1);
    expect(isRunning(readPids()[0]!)).toBe(true);
    const gone = await fetch(`${server.url}/mcp/stdio/marker`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'mcp-session-id': sessions[0]! },
      body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
    });
    expect(gone.status).toBe(404);
    const again = await initialize('/mcp/stdio/marker');
    expect(again.status).toBe(200);
    await again.body?.cancel();
    for (const session of sessions.slice(1)) await fetch(`${server.url}/mcp/stdio/marker`, { method: 'DELETE', headers: { 'mcp-session-id': session } });
  }, 60_000);

  it('ends the session of a program that exits: its call is told to start again, and its id then gets 404', async () => {
    const answer = await initialize('/mcp/stdio/quitter');
    expect(answer.status).toBe(200);
    const session = answer.headers.get('mcp-session-id')!;
    const text = await answer.text();
    expect(text).toContain('has exited (exit code 3)');
    expect(text).toContain('Start again with initialize (a new run): it gets a new program.');
    const gone = await fetch(`${server.url}/mcp/stdio/quitter`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'mcp-session-id': session },
      body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
    });
    expect(gone.status).toBe(404);
    // The first program, which no client reached, still runs.
    const listing = BridgeListingSchema.parse(await (await fetch(`${server.url}/mcp/stdio`)).json());
    expect(listing.servers.find((entry) => entry.name === 'quitter')?.running).toBe(true);
  });
});
