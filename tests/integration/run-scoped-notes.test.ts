import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { ERAS } from '../../src/trace/vocabulary.ts';
import { createScenarioRun } from '../helpers/create-mock-run.ts';
import { useServer } from '../helpers/use-server.ts';

/**
 * The consent scenario's Allow deletes the note "draft": in that run only. Two learners on
 * one server each delete their own "draft"; the server tells their runs apart by the trace
 * id of the traceparent the host sends (in both eras), not by who reached it first.
 */
const server = useServer();

function textOf(result: Awaited<ReturnType<Client['callTool']>>): string {
  return JSON.stringify(result.content);
}

describe.each(ERAS)('the notes a run deletes, era %s', (era) => {
  it('are that run’s own: a second run on the same server deletes its own "draft" too', async () => {
    const first = await createScenarioRun({ serverUrl: server.url, scenarioId: 'consent', era }).start();
    const second = await createScenarioRun({ serverUrl: server.url, scenarioId: 'consent', era }).start();
    expect(first.answer).toContain('Deleted the note draft');
    expect(second.answer).toContain('Deleted the note draft');
  });
});

describe('the notes of one run, told apart by its traceparent', () => {
  it('are gone for that run once deleted, and still there for another run', async () => {
    const client = new Client({ name: 'notes-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp/toolbox`)));
    const call = (traceId: string) =>
      client.callTool({ name: 'delete_note', arguments: { name: 'ideas' }, _meta: { traceparent: `00-${traceId}-00f067aa0ba902b7-01` } });
    try {
      expect(textOf(await call('4bf92f3577b34da6a3ce929d0e0e4736'))).toContain('Deleted the note ideas');
      expect(textOf(await call('4bf92f3577b34da6a3ce929d0e0e4736'))).toContain('There is no note named ideas');
      expect(textOf(await call('0af7651916cd43dd8448eb211c80319c'))).toContain('Deleted the note ideas');
    } finally {
      await client.close();
    }
  });
});

describe('the unlocked temperature tool, told apart by the traceparent', () => {
  const traceparent = (traceId: string) => ({ traceparent: `00-${traceId}-00f067aa0ba902b7-01` });
  const mine = traceparent('4bf92f3577b34da6a3ce929d0e0e4736');
  const theirs = traceparent('0af7651916cd43dd8448eb211c80319c');

  it('is listed and callable for the run that unlocked it only, once, while another run never sees it', async () => {
    const client = new Client({ name: 'unlock-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp/toolbox`)));
    const names = async (meta: Record<string, string>) => (await client.listTools({ _meta: meta })).tools.map((tool) => tool.name);
    const convert = (meta: Record<string, string>) =>
      client.callTool({ name: 'convert_temperature', arguments: { value: 100, from: 'celsius', to: 'fahrenheit' }, _meta: meta });
    try {
      await client.callTool({ name: 'unlock_temperature_tool', arguments: {}, _meta: mine });
      expect(await names(mine)).toContain('convert_temperature');
      expect(await names(theirs)).not.toContain('convert_temperature');
      await expect(convert(theirs)).rejects.toThrow(/convert_temperature not found/);
      expect(textOf(await convert(mine))).toContain('212');
      expect(await names(mine)).not.toContain('convert_temperature');
    } finally {
      await client.close();
    }
  });

  it('is shared by the clients that name no run, as a plain server’s would be', async () => {
    const client = new Client({ name: 'unlock-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp/toolbox`)));
    try {
      await client.callTool({ name: 'unlock_temperature_tool', arguments: {} });
      expect((await client.listTools()).tools.map((tool) => tool.name)).toContain('convert_temperature');
      expect((await client.listTools({ _meta: theirs })).tools.map((tool) => tool.name)).not.toContain('convert_temperature');
      await client.callTool({ name: 'convert_temperature', arguments: { value: 0, from: 'celsius', to: 'celsius' } });
    } finally {
      await client.close();
    }
  });
});
