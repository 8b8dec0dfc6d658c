import { describe, expect, it } from 'vitest';
import { createLifecycleRun } from '../../src/lifecycle/engine.ts';
import type { ProviderSettings } from '../../src/lifecycle/provider-call.ts';
import { requireWireInfo } from '../../src/providers/wire-catalog.ts';
import { QUESTION } from '../helpers/fixtures.ts';
import { useServer } from '../helpers/use-server.ts';

/**
 * Provider-side MCP against the real providers, run when a key is set (as the other
 * real-provider tests are). A real provider's MCP client cannot reach this machine: against
 * the built-in server on 127.0.0.1 the provider refuses the request, and the host must say
 * why in the learner's words. With PROVIDER_MCP_SERVER_URL (a server the provider can reach,
 * https on the public internet, whose tools answer "What is 5 plus 7?") the whole run is held.
 */

const server = useServer();
const PUBLIC_SERVER = process.env.PROVIDER_MCP_SERVER_URL;

const REAL = [
  { wire: 'openai-responses', key: process.env.OPENAI_API_KEY },
  { wire: 'anthropic', key: process.env.ANTHROPIC_API_KEY },
] as const;

function realProvider(wire: string, apiKey: string | undefined): ProviderSettings {
  const info = requireWireInfo(wire);
  return { wire, kind: 'real', baseUrl: info.defaultBaseUrl, model: info.defaultModel, ...(apiKey ? { apiKey } : {}) };
}

describe('a provider that cannot reach the server, played by the mock (no key needed)', () => {
  it.each(['openai-responses', 'anthropic'])('%s: the provider’s refusal is explained as its client failing to reach the server', async (wire) => {
    const provider: ProviderSettings = { wire, kind: 'mock', baseUrl: `${server.url}${requireWireInfo(wire).mockBasePath}`, model: 'mock-model-deterministic' };
    const trace = await createLifecycleRun({
      question: QUESTION,
      era: '2025-11-25',
      mcpUrl: `${server.url}/nothing-here`,
      provider,
      topology: 'provider',
      providerMcp: { requireApproval: 'never' },
      autoRelease: true,
      networkTimeoutMs: 10_000,
    }).start();
    expect(trace.status).toBe('failed');
    const fault = trace.steps.find((step) => step.fault)?.fault;
    expect(fault?.why).toContain("The provider's own MCP client could not use the MCP server");
    expect(fault?.fix).toContain('host-side MCP');
  });
});

describe.each(REAL)('provider-side MCP with the real $wire API', ({ wire, key }) => {
  it.skipIf(!key)(
    'refuses a server on 127.0.0.1, and the host explains that the provider’s client cannot reach this machine',
    async () => {
      const trace = await createLifecycleRun({
        question: QUESTION,
        era: '2025-11-25',
        mcpUrl: `${server.url}/mcp`,
        provider: realProvider(wire, key),
        topology: 'provider',
        providerMcp: { requireApproval: 'never' },
        autoRelease: true,
        networkTimeoutMs: 60_000,
      }).start();
      expect(trace.status).toBe('failed');
      const fault = trace.steps.find((step) => step.fault)?.fault;
      expect(fault?.why).toContain('this machine');
      expect(fault?.fix).toContain('host-side MCP');
    },
    120_000,
  );

  it.skipIf(!key || !PUBLIC_SERVER)(
    'runs through a server the provider can reach: the provider reports its tools/call, and the answer has 12',
    async () => {
      const trace = await createLifecycleRun({
        question: QUESTION,
        era: '2025-11-25',
        mcpUrl: PUBLIC_SERVER!,
        provider: realProvider(wire, key),
        topology: 'provider',
        providerMcp: { requireApproval: 'never' },
        autoRelease: true,
        networkTimeoutMs: 60_000,
      }).start();
      expect(trace.steps.find((step) => step.fault)?.fault).toBeUndefined();
      expect(trace.status).toBe('complete');
      expect(trace.steps.filter((step) => step.id === 'provider.reported.tools-call.request').length).toBeGreaterThan(0);
      expect(trace.answer).toContain('12');
    },
    120_000,
  );
});
