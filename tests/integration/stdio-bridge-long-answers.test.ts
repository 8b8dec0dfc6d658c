import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { NamedStdioCommand } from '../../server/node/parse-stdio-command.ts';
import { findExampleProgram } from '../helpers/start-example-app-server.ts';
import { useServer } from '../helpers/use-server.ts';

/**
 * A long answer through the stdio bridge arrives whole, as the program itself gives it.
 * Under Node 24 and 22 the app's Node listener stopped a streamed answer at its first
 * event larger than the response's buffer, waiting for a 'drain' that had already been
 * emitted (24) or never was (22), until the client gave up: the official React MCP App
 * example's 423 kB resources/read, and so its view, never arrived through the bridge.
 * Each resource is read with the official v2 client twice, straight from the program over
 * stdio and through the bridge over HTTP, and the two must be the same.
 */

const LONG_ANSWER_PROGRAM = fileURLToPath(new URL('../helpers/stdio-programs/long-answer-server.mjs', import.meta.url));
const PROGRAMS = {
  long: { name: 'long', command: process.execPath, args: [LONG_ANSWER_PROGRAM] },
  react: { name: 'react', command: process.execPath, args: [findExampleProgram('react'), '--stdio'] },
} satisfies Record<string, NamedStdioCommand>;

const server = useServer({ stdioServers: Object.values(PROGRAMS) });
const clients: Client[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
});

async function connect(transport: StreamableHTTPClientTransport | StdioClientTransport): Promise<Client> {
  const client = new Client({ name: 'long-answer-test', version: '1.0.0' });
  clients.push(client);
  await client.connect(transport);
  return client;
}

/** A client of the program straight over stdio, and one through the bridge over HTTP. */
async function connectBothWays(program: NamedStdioCommand): Promise<{ direct: Client; bridged: Client }> {
  const direct = await connect(new StdioClientTransport({ command: program.command, args: program.args, stderr: 'ignore' }));
  const bridged = await connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp/stdio/${program.name}`)));
  return { direct, bridged };
}

const readContents = async (client: Client, uri: string): Promise<string> => JSON.stringify((await client.readResource({ uri })).contents);

describe('a long answer through the stdio bridge', () => {
  it.each([450_000, 3 * 1024 * 1024])('a resource of %i bytes is one line of the program’s, passed on whole', async (bytes) => {
    const { direct, bridged } = await connectBothWays(PROGRAMS.long);
    const uri = `long://${bytes}`;
    const expected = await readContents(direct, uri);
    expect(Buffer.byteLength(expected)).toBeGreaterThan(bytes);
    const passedOn = await readContents(bridged, uri);
    expect(passedOn.length).toBe(expected.length);
    expect(passedOn).toBe(expected);
  });

  it('the official React MCP App example’s view (a 423 kB resources/read answer) is passed on whole', async () => {
    const { direct, bridged } = await connectBothWays(PROGRAMS.react);
    const uri = (await direct.listResources()).resources[0]?.uri ?? '';
    expect(uri).toMatch(/^ui:\/\//);
    const expected = await readContents(direct, uri);
    expect(Buffer.byteLength(expected)).toBeGreaterThan(400_000);
    const passedOn = await readContents(bridged, uri);
    expect(passedOn.length).toBe(expected.length);
    expect(passedOn).toBe(expected);
  });
});
