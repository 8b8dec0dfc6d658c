import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLifecycleRun } from '../../src/lifecycle/engine.ts';
import { MOCK_BASE_PATH, MOCK_MODEL } from '../helpers/create-mock-run.ts';
import { startEverythingHttp, type EverythingHttpServer } from '../helpers/everything-server.ts';
import { QUESTION } from '../helpers/fixtures.ts';
import { useServer } from '../helpers/use-server.ts';

/**
 * The reference everything server in its own Streamable HTTP mode (sessions, the v1 SDK),
 * on a free loopback port (it reads PORT), reached by the host directly: the same question
 * as through the stdio bridge, with no bridge in the trace.
 */

const app = useServer();
let everything: EverythingHttpServer | undefined;
let everythingUrl = '';

beforeAll(async () => {
  everything = await startEverythingHttp();
  everythingUrl = everything.url;
}, 20_000);

afterAll(() => {
  everything?.stop();
});

describe('the everything server over Streamable HTTP', () => {
  it('runs the lifecycle in the 2025-11-25 era with a session, get-sum answering 12', async () => {
    const trace = await createLifecycleRun({
      question: QUESTION,
      era: '2025-11-25',
      mcpUrl: everythingUrl,
      provider: { wire: 'openai-chat', kind: 'mock', baseUrl: `${app.url}${MOCK_BASE_PATH}`, model: MOCK_MODEL },
      autoRelease: true,
      networkTimeoutMs: 15_000,
    }).start();
    expect(trace.status, JSON.stringify(trace.steps.at(-1))).toBe('complete');
    expect(trace.answer).toBe('5 plus 7 is 12.');
    const call = trace.steps.find((step) => step.id === 'mcp.tools-call.request');
    expect(call?.payload).toMatchObject({ params: { name: 'get-sum', arguments: { a: 5, b: 7 } } });
    expect(call?.http?.requestHeaders['mcp-session-id']).toMatch(/\S/);
    expect(trace.steps.find((step) => step.id === 'mcp.tools-call.response')?.payload).toMatchObject({
      result: { content: [{ text: 'The sum of 5 and 7 is 12.' }] },
    });
    // Straight to the server over HTTP: no bridge takes part.
    expect(trace.steps.some((step) => step.from === 'bridge' || step.to === 'bridge')).toBe(false);
    expect(trace.steps.some((step) => step.id === 'mcp.session.delete')).toBe(true);
  }, 30_000);
});
