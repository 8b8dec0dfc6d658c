import { describe, expect, it } from 'vitest';
import { compareTopologies } from '../../src/content/topology-twin.ts';
import { createLifecycleRun } from '../../src/lifecycle/engine.ts';
import { requireWireInfo } from '../../src/providers/wire-catalog.ts';
import { SERVER_RECORD_PATH } from '../../src/trace/provider-mcp.ts';
import type { Trace } from '../../src/trace/trace.ts';
import { QUESTION } from '../helpers/fixtures.ts';
import { useServer } from '../helpers/use-server.ts';

/** The twin view over two real runs of the same question, one per topology, for each format that has both. */

const server = useServer();

async function runTwin(wire: string): Promise<{ host: Trace; provider: Trace }> {
  const base = {
    question: QUESTION,
    era: '2025-11-25' as const,
    mcpUrl: `${server.url}/mcp`,
    provider: { wire, kind: 'mock' as const, baseUrl: `${server.url}${requireWireInfo(wire).mockBasePath}`, model: 'mock-model-deterministic' as const },
    autoRelease: true,
    networkTimeoutMs: 10_000,
  };
  const host = await createLifecycleRun(base).start();
  const provider = await createLifecycleRun({ ...base, topology: 'provider', providerMcp: { serverRecordUrl: `${server.url}${SERVER_RECORD_PATH}` } }).start();
  return { host, provider };
}

describe.each(['openai-responses', 'anthropic'])('the twin view in %s', (wire) => {
  it('says, wire by wire, what each topology put on it, counted from its own trace', async () => {
    const twin = await runTwin(wire);
    const rows = Object.fromEntries(compareTopologies(twin).map((row) => [row.wire, row]));
    const hostMessages = twin.host.steps.filter(
      (step) => (step.from === 'client' && step.to === 'server') || (step.from === 'server' && step.to === 'client'),
    ).length;
    expect(hostMessages).toBeGreaterThan(0);
    expect(rows['Host’s MCP client ↔ MCP server']).toMatchObject({
      host: expect.stringMatching(new RegExp(`^${hostMessages} messages`)),
      provider: 'idle: no message',
    });
    expect(rows['Provider’s MCP client ↔ MCP server']!.host).toBe('not used: the provider never spoke MCP');
    expect(rows['Provider’s MCP client ↔ MCP server']!.provider).toMatch(
      /^4 steps reported by the provider; \d+ messages seen by the server \(its own record\)$/,
    );
    expect(rows['Translations by the host']).toEqual({
      wire: 'Translations by the host',
      host: '3 translations (steps 7, 11, 18)',
      provider: 'none: the provider translates for itself',
    });
    expect(rows['Host ↔ provider (provider API)']!.host).toContain('carrying the translated tool definitions');
    expect(rows['Host ↔ provider (provider API)']!.provider).toContain('carrying the server’s URL, not its tools');
    const providerBodies = twin.provider.steps
      .filter((step) => step.from === 'host' && step.to === 'llm' && step.http)
      .reduce((sum, step) => sum + step.http!.requestBody!.length, 0);
    expect(rows['Host ↔ provider (provider API)']!.provider).toContain(`(${providerBodies.toLocaleString('en-US')} characters of bodies)`);
    expect(rows.Outcome).toEqual({ wire: 'Outcome', host: `complete: “${twin.host.answer}”`, provider: `complete: “${twin.provider.answer}”` });
  });
});
