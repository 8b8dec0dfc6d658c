import { describe, expect, it } from 'vitest';
import type { LifecycleRun, RunOptions } from '../../src/lifecycle/engine.ts';
import { APPS_EXTENSION_ID, APPS_MCP_PATH, SUM_VIEW_URI } from '../../src/trace/mcp-apps.ts';
import { MAX_VIEW_MESSAGES } from '../../src/lifecycle/app-view-channel.ts';
import type { Step, Trace } from '../../src/trace/trace.ts';
import { createMockRun } from '../helpers/create-mock-run.ts';
import { createInMemoryAppView, type InMemoryAppView } from '../helpers/in-memory-app-view.ts';
import { useServer } from '../helpers/use-server.ts';

/**
 * The lifecycle of a tool with a view (MCP Apps) against the real /mcp/apps in both eras,
 * with the official view side (App from @modelcontextprotocol/ext-apps) as the view: each
 * assertion reads the messages that really crossed, the JSON-RPC on the host↔view channel
 * and the MCP traffic it caused.
 */

const server = useServer();

function runApps(era: RunOptions['era'], screen: InMemoryAppView | undefined, overrides: Partial<RunOptions> = {}): LifecycleRun {
  return createMockRun(server.url, {
    era,
    mcpUrl: `${server.url}${APPS_MCP_PATH}`,
    autoRelease: true,
    ...(screen ? { appViews: { host: screen.host } } : {}),
    ...overrides,
  });
}

/** Resolves with the first step of this id the run records (or has recorded). */
function waitForStep(run: LifecycleRun, id: string): Promise<Step> {
  const found = run.trace.steps.find((step) => step.id === id);
  if (found) return Promise.resolve(found);
  return new Promise((resolve) => {
    const stop = run.subscribe((event) => {
      if (event.type === 'step' && event.step.id === id) {
        stop();
        resolve(event.step);
      }
    });
  });
}

const idsOf = (trace: Trace) => trace.steps.map((step) => step.id);
const stepsOf = (trace: Trace, id: string) => trace.steps.filter((step) => step.id === id);
const methodOf = (step: Step | undefined) => (step?.payload as { method?: string } | undefined)?.method;

describe.each(['2025-11-25', '2026-07-28'] as const)('a tool with a view, in the %s era', (era) => {
  it('reads and renders the view, tells it the arguments then the result, keeps it live after the answer, and tears it down on Close', async () => {
    const screen = createInMemoryAppView();
    const run = runApps(era, screen);
    const finished = run.start();
    await waitForStep(run, 'host.app-live');
    expect(run.trace.answer).toBe('5 plus 7 is 12.');
    const view = screen.views[0]!;
    expect(view.inputs).toEqual([{ arguments: { a: 5, b: 7 } }]);
    expect(view.results).toEqual([expect.objectContaining({ content: [{ type: 'text', text: 'Result: 12' }], structuredContent: { sum: 12 } })]);
    expect(view.resource?.html).toContain('ui/initialize');
    expect(run.closeViews()).toBe(true);
    const trace = await finished;
    expect(trace.status).toBe('complete');
    expect(view.teardowns).toHaveLength(1);
    expect(stepsOf(trace, 'app.teardown.request')[0]?.payload).toMatchObject({
      method: 'ui/resource-teardown',
      params: { reason: 'The user closed the view' },
    });
    expect(view.removed).toBe(true);

    const ids = idsOf(trace);
    const order = [
      'host.read-app-view',
      'mcp.resources-read.request',
      'host.app-render',
      'app.sandbox-ready',
      'app.resource.notification',
      'app.initialize.request',
      'app.initialize.response',
      'app.initialized.notification',
      'app.tool-input.notification',
      'mcp.tools-call.request',
      'mcp.tools-call.response',
      'app.tool-result.notification',
      'host.answer',
      'host.app-live',
      'app.teardown.request',
      'app.response',
    ];
    const positions = order.map((id) => ids.indexOf(id));
    expect(
      positions.every((position) => position >= 0),
      `${order.filter((_, index) => positions[index]! < 0).join(', ')} missing`,
    ).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));

    // What the view was told: the arguments and the result as the server gave them, and the call's context.
    const initialize = stepsOf(trace, 'app.initialize.response')[0]?.payload as {
      result: { hostCapabilities: Record<string, unknown>; hostContext: { toolInfo: { tool: { name: string } } } };
    };
    expect(initialize.result.hostCapabilities).toMatchObject({
      serverTools: {},
      serverResources: {},
      openLinks: {},
      sandbox: { csp: { connectDomains: [], resourceDomains: [] }, permissions: {} },
    });
    expect(initialize.result.hostContext.toolInfo.tool.name).toBe('add_numbers');
    expect(stepsOf(trace, 'app.tool-input.notification')[0]?.payload).toMatchObject({
      method: 'ui/notifications/tool-input',
      params: { arguments: { a: 5, b: 7 } },
    });
    // What the model was told: the tool, not its view.
    const translation = stepsOf(trace, 'host.translate-tools')[0]?.translation;
    expect(translation?.warnings.map((warning) => warning.code)).toContain('view-stays-with-host');
    expect(JSON.stringify(translation?.output)).not.toContain('ui://');
    // The host said it can show views, in the era's own place for client capabilities.
    const asked = stepsOf(trace, era === '2025-11-25' ? 'mcp.initialize.request' : 'mcp.tools-list.request')[0]?.payload as {
      params: Record<string, Record<string, unknown>>;
    };
    const capabilities = era === '2025-11-25' ? asked.params.capabilities : asked.params._meta?.['io.modelcontextprotocol/clientCapabilities'];
    expect(capabilities).toMatchObject({ extensions: { [APPS_EXTENSION_ID]: { mimeTypes: ['text/html;profile=mcp-app'] } } });
    expect(stepsOf(trace, 'host.app-render')[0]?.payload).toMatchObject({
      resourceUri: SUM_VIEW_URI,
      policy: expect.stringContaining("connect-src 'none'"),
      allow: '(no device permission)',
    });
  });

  it('sends a call the view makes through the host: the same tools/call on the wire, its result back to the view', async () => {
    const screen = createInMemoryAppView();
    const run = runApps(era, screen);
    const finished = run.start();
    await waitForStep(run, 'host.app-live');
    const app = await screen.views[0]!.connected;
    const calls = stepsOf(run.trace, 'mcp.tools-call.request').length;
    const result = await app.callServerTool({ name: 'add_numbers', arguments: { a: 20, b: 22 } });
    expect(result).toMatchObject({ content: [{ type: 'text', text: 'Result: 42' }], structuredContent: { sum: 42 } });
    const read = await app.readServerResource({ uri: SUM_VIEW_URI });
    expect(read.contents[0]?.uri).toBe(SUM_VIEW_URI);
    run.closeViews();
    const trace = await finished;
    expect(trace.status).toBe('complete');
    const requests = stepsOf(trace, 'mcp.tools-call.request');
    expect(requests).toHaveLength(calls + 1);
    expect(requests.at(-1)?.payload).toMatchObject({ method: 'tools/call', params: { name: 'add_numbers', arguments: { a: 20, b: 22 } } });
    // The host's client made the request: the view's own progress token stayed with the view.
    expect(JSON.stringify((requests.at(-1)?.payload as { params: unknown }).params)).not.toContain('"progressToken":1,');
    const ids = idsOf(trace);
    const asked = ids.lastIndexOf('app.tools-call.request');
    expect(ids.indexOf('mcp.tools-call.request', asked)).toBeGreaterThan(asked);
    expect(ids.indexOf('app.tools-call.response', asked)).toBeGreaterThan(ids.indexOf('mcp.tools-call.response', asked));
    expect(stepsOf(trace, 'mcp.resources-read.request')).toHaveLength(2);
  });
});

describe('links and messages a view asks for', () => {
  it('refuses a javascript: link at the URL gate, keeps an https link closed unless the user says open, and shows a message', async () => {
    const screen = createInMemoryAppView();
    const run = runApps('2025-11-25', screen);
    const finished = run.start();
    await waitForStep(run, 'host.app-live');
    const app = await screen.views[0]!.connected;
    await expect(app.openLink({ url: 'javascript:alert(document.cookie)' })).rejects.toThrow(/did not pass the host’s URL gate/);
    await expect(app.openLink({ url: 'https://modelcontextprotocol.io/' })).rejects.toThrow(/chose not to open/);
    await expect(app.sendMessage({ role: 'user', content: [{ type: 'text', text: 'Twelve.' }] })).resolves.toEqual({});
    run.closeViews();
    const trace = await finished;
    expect(screen.opened).toEqual([]);
    expect(stepsOf(trace, 'host.url-refused')[0]?.payload).toMatchObject({ url: 'javascript:alert(document.cookie)', found: 'scheme' });
    expect(stepsOf(trace, 'host.ask-open-link')).toHaveLength(1);
    expect(stepsOf(trace, 'user.open-link')[0]?.payload).toEqual({ decision: 'keep-closed' });
    expect(stepsOf(trace, 'host.app-message')[0]?.payload).toMatchObject({ role: 'user', content: [{ type: 'text', text: 'Twelve.' }] });
  });

  it('opens the link through the host, once, when the user says open', async () => {
    const screen = createInMemoryAppView();
    const run = runApps('2026-07-28', screen, { appViews: { host: screen.host, openLinkAnswer: 'open' } });
    const finished = run.start();
    await waitForStep(run, 'host.app-live');
    const app = await screen.views[0]!.connected;
    await expect(app.openLink({ url: 'https://modelcontextprotocol.io/extensions/apps/overview' })).resolves.toEqual({});
    run.closeViews();
    await finished;
    expect(screen.opened).toEqual(['https://modelcontextprotocol.io/extensions/apps/overview']);
  });
});

describe('a view that floods the host', () => {
  it(`records and answers at most ${MAX_VIEW_MESSAGES} of its messages, then closes it, and the run completes`, async () => {
    const screen = createInMemoryAppView();
    const run = runApps('2025-11-25', screen);
    const finished = run.start();
    await waitForStep(run, 'host.app-live');
    const app = await screen.views[0]!.connected;
    for (let line = 0; line < MAX_VIEW_MESSAGES + 500; line++) void app.sendLog({ level: 'info', data: `line ${line}` }).catch(() => {});
    const trace = await finished;
    expect(trace.status).toBe('complete');
    const fromView = trace.steps.filter((step) => step.from === 'app');
    expect(fromView.length).toBeLessThanOrEqual(MAX_VIEW_MESSAGES);
    expect(stepsOf(trace, 'app.notification').length).toBeGreaterThan(MAX_VIEW_MESSAGES - 20);
    expect(stepsOf(trace, 'app.teardown.request')[0]?.payload).toMatchObject({
      params: { reason: `The view sent more than ${MAX_VIEW_MESSAGES.toLocaleString('en-US')} messages; the host closed it` },
    });
    expect(screen.views[0]!.removed).toBe(true);
  });
});

describe('a host with no screen (the CLI)', () => {
  it.each(['2025-11-25', '2026-07-28'] as const)('in %s reads the view for real, says what it would have sent, and draws no App', async (era) => {
    const trace = await runApps(era, undefined).start();
    expect(trace.status).toBe('complete');
    expect(trace.steps.some((step) => step.from === 'app' || step.to === 'app')).toBe(false);
    expect(stepsOf(trace, 'mcp.resources-read.response')).toHaveLength(1);
    const [rendered, result] = stepsOf(trace, 'host.app-not-shown');
    expect(rendered?.payload).toMatchObject({
      sent: false,
      wouldSend: [
        { method: 'ui/notifications/sandbox-resource-ready' },
        { answerTo: 'ui/initialize' },
        { method: 'ui/notifications/tool-input', params: { arguments: { a: 5, b: 7 } } },
      ],
    });
    expect(result?.payload).toMatchObject({ sent: false, wouldSend: [{ method: 'ui/notifications/tool-result', params: { structuredContent: { sum: 12 } } }] });
    expect(JSON.stringify(trace.steps.filter((step) => step.id.startsWith('mcp.')).map((step) => step.payload))).not.toContain(APPS_EXTENSION_ID);
    expect(methodOf(stepsOf(trace, 'mcp.resources-read.request')[0])).toBe('resources/read');
  });
});

describe('a learner stepping through the view’s messages', () => {
  it('holds the HTML, the arguments and the result at the gate, and the view gets the arguments as the learner edited them', async () => {
    const screen = createInMemoryAppView();
    const run = runApps('2025-11-25', screen, { autoRelease: false });
    const finished = run.start();
    const held: string[] = [];
    for (let attempt = 0; attempt < 2000 && !run.trace.steps.some((step) => step.id === 'host.app-live'); attempt++) {
      const pending = run.pending;
      if (pending) {
        if (pending.id.startsWith('app.')) held.push(pending.id);
        if (pending.id === 'app.tool-input.notification') {
          expect(pending.editable).toBe(true);
          run.release({ payload: { jsonrpc: '2.0', method: 'ui/notifications/tool-input', params: { arguments: { a: 40, b: 2 } } } });
        } else run.release();
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(held).toEqual(['app.resource.notification', 'app.tool-input.notification', 'app.tool-result.notification']);
    expect(screen.views[0]?.inputs).toEqual([{ arguments: { a: 40, b: 2 } }]);
    const told = stepsOf(run.trace, 'app.tool-input.notification')[0];
    expect(told?.edited?.original).toMatchObject({ params: { arguments: { a: 5, b: 7 } } });
    run.closeViews();
    const trace = await finished;
    expect(trace.status).toBe('complete');
    // The learner edited what the view was told, not the call: the server still added 5 and 7.
    expect(stepsOf(trace, 'mcp.tools-call.request')[0]?.payload).toMatchObject({ params: { arguments: { a: 5, b: 7 } } });
  });
});
