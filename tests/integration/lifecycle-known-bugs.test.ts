import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type RunningServer } from '../../server/node/serve.ts';
import { createMockRun } from '../helpers/create-mock-run.ts';

/**
 * Faults that explain the wrong thing. Each test states the behaviour the learner should
 * get and is marked `it.fails` until the engine is fixed; when a fix lands, the test
 * starts passing, `it.fails` reports it, and the mark must go.
 */

let server: RunningServer;
beforeAll(async () => {
  server = await serve({ port: 0 });
});
afterAll(async () => {
  await server.close();
});

describe('an MCP URL that is not a URL', () => {
  // engine.ts builds `new URL(options.mcpUrl)` outside its try, so the TypeError
  // reaches the catch-all: "The host failed: Invalid URL ... An unexpected error in
  // the explorer itself ... report it", blaming the explorer for a typo in the address.
  it.fails('says the address is not a URL, instead of calling it an error in the explorer', async () => {
    const trace = await createMockRun(server.url, { mcpUrl: '127.0.0.1:3000/mcp', autoRelease: true }).start();
    expect(trace.status).toBe('failed');
    const fault = trace.steps.at(-1)!.fault!;
    expect(fault.what).toContain('127.0.0.1:3000/mcp');
    expect(fault.why).not.toContain('in the explorer itself');
  });
});

describe('a URL that answers JSON that is not JSON-RPC', () => {
  // The SDK rejects the body with a ZodError whose message is the JSON of every issue;
  // explainMcpFailure (faults.ts) passes it on whole as the fault's "why", several
  // kilobytes of zod issues where the learner needs one sentence.
  it.fails('explains in a sentence that the server did not answer in MCP', async () => {
    const trace = await createMockRun(server.url, { mcpUrl: `${server.url}/mock/openai/v1/models`, autoRelease: true }).start();
    expect(trace.status).toBe('failed');
    const fault = trace.steps.at(-1)!.fault!;
    expect(fault.why.length).toBeLessThan(400);
  });
});
