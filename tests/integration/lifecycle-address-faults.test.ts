import { describe, expect, it } from 'vitest';
import { createMockRun } from '../helpers/create-mock-run.ts';
import { useServer } from '../helpers/use-server.ts';

/** Faults that once explained the wrong thing: a mistyped address, a JSON answer that is not MCP. */

const server = useServer();

describe('an MCP URL that is not a URL', () => {
  it('says the address is not a URL, instead of calling it an error in the explorer', async () => {
    const trace = await createMockRun(server.url, { mcpUrl: '127.0.0.1:3000/mcp', autoRelease: true }).start();
    expect(trace.status).toBe('failed');
    const fault = trace.steps.at(-1)!.fault!;
    expect(fault.what).toContain('127.0.0.1:3000/mcp');
    expect(fault.why).not.toContain('in the explorer itself');
    expect(fault.fix).toContain('http://');
  });
});

describe('a URL that answers JSON that is not JSON-RPC', () => {
  it('explains in a sentence that the server did not answer in MCP', async () => {
    const trace = await createMockRun(server.url, { mcpUrl: `${server.url}/mock/openai/v1/models`, autoRelease: true }).start();
    expect(trace.status).toBe('failed');
    const fault = trace.steps.at(-1)!.fault!;
    expect(fault.why.length).toBeLessThan(400);
    expect(fault.what).toContain('not in MCP');
  });
});
