import type { McpServer } from '@modelcontextprotocol/server';
import { registerAppResource, registerAppTool, RESOURCE_MIME_TYPE } from '@modelcontextprotocol/ext-apps/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { LifecycleRun, RunOptions } from '../../src/lifecycle/engine.ts';
import type { Step, Trace } from '../../src/trace/trace.ts';
import { createMockRun } from '../helpers/create-mock-run.ts';
import { createInMemoryAppView } from '../helpers/in-memory-app-view.ts';
import { startSdkV2ToolServer, type ThirdPartyServer } from '../helpers/start-third-party-servers.ts';
import { useServer } from '../helpers/use-server.ts';

/**
 * The host's rules for a view's calls, against a server written with the official SDKs (the
 * v2 server SDK, and the MCP Apps SDK's registerAppTool and registerAppResource): the model
 * is offered only the tools whose visibility includes it; a view may call only tools whose
 * visibility includes views, through the same consent as the model's; the resource's
 * declared policy is checked entry by entry.
 */

const VIEW_URI = 'ui://notes/view.html';
const app = useServer();
let notes: ThirdPartyServer;
let deleted = 0;

function registerNotes(server: McpServer): void {
  registerAppTool(server, 'show_notes', { description: 'Shows the notes', inputSchema: z.object({}), _meta: { ui: { resourceUri: VIEW_URI } } }, async () => ({
    content: [{ type: 'text', text: 'There are 2 notes.' }],
  }));
  registerAppTool(
    server,
    'delete_note',
    {
      description: 'Deletes a note',
      inputSchema: z.object({ name: z.string() }),
      annotations: { destructiveHint: true },
      _meta: { ui: { resourceUri: VIEW_URI, visibility: ['app'] } },
    },
    async ({ name }) => {
      deleted += 1;
      return { content: [{ type: 'text', text: `Deleted ${name}.` }] };
    },
  );
  registerAppTool(
    server,
    'count_notes',
    { description: 'Counts the notes', inputSchema: z.object({}), _meta: { ui: { resourceUri: VIEW_URI, visibility: ['model'] } } },
    async () => ({ content: [{ type: 'text', text: '2' }] }),
  );
  registerAppResource(server, 'notes-view', VIEW_URI, { description: 'The notes' }, async () => ({
    contents: [
      {
        uri: VIEW_URI,
        mimeType: RESOURCE_MIME_TYPE,
        text: '<!doctype html><p>Notes</p>',
        _meta: {
          ui: { csp: { connectDomains: ['https://api.example.com', 'https://evil.example; script-src *'] }, permissions: { camera: {}, fullscreen: {} } },
        },
      },
    ],
  }));
}

beforeAll(async () => {
  notes = await startSdkV2ToolServer(registerNotes);
});
afterAll(async () => {
  await notes.close();
});

async function runToLive(
  overrides: Partial<RunOptions> = {},
): Promise<{ run: LifecycleRun; finished: Promise<Trace>; view: Awaited<ReturnType<typeof createInMemoryAppView>['views'][number]['connected']> }> {
  const screen = createInMemoryAppView();
  const run = createMockRun(app.url, {
    era: '2026-07-28',
    question: 'Show the notes',
    mcpUrl: notes.url,
    autoRelease: true,
    appViews: { host: screen.host },
    ...overrides,
  });
  const live = new Promise<void>((resolve) => run.subscribe((event) => event.type === 'step' && event.step.id === 'host.app-live' && resolve()));
  const finished = run.start();
  await live;
  return { run, finished, view: await screen.views[0]!.connected };
}

const stepsOf = (trace: Trace, id: string): Step[] => trace.steps.filter((step) => step.id === id);

describe('a view’s calls and the host’s rules', () => {
  it('offers the model only the tools it may call, and says which it left out', async () => {
    const { run, finished } = await runToLive();
    run.closeViews();
    const trace = await finished;
    const translation = stepsOf(trace, 'host.translate-tools')[0]?.translation;
    const offered = (translation?.output as { function: { name: string } }[]).map((tool) => tool.function.name);
    expect(offered.sort()).toEqual(['count_notes', 'show_notes']);
    expect(translation?.warnings).toEqual(
      expect.arrayContaining([expect.objectContaining({ code: 'view-only-tool', message: expect.stringContaining('"delete_note"') })]),
    );
  });

  it('frames the view with the declared domain it accepts, refuses the one that is not an origin, and grants only the known permissions', async () => {
    const { run, finished } = await runToLive();
    run.closeViews();
    const render = stepsOf(await finished, 'host.app-render')[0]?.payload as { policy: string; allow: string; refused: { entry: string }[] };
    expect(render.policy).toContain('connect-src https://api.example.com;');
    expect(render.policy).not.toContain('evil.example');
    expect(render.refused).toEqual([expect.objectContaining({ entry: 'https://evil.example; script-src *' })]);
    expect(render.allow).toBe('camera');
  });

  it('asks the user before a destructive call the view makes, and a denial reaches neither the server nor the run’s outcome', async () => {
    const before = deleted;
    const { run, finished, view } = await runToLive({ answers: { consent: 'deny' } });
    await expect(view.callServerTool({ name: 'delete_note', arguments: { name: 'draft' } })).rejects.toThrow(/declined/);
    run.closeViews();
    const trace = await finished;
    expect(deleted).toBe(before);
    expect(stepsOf(trace, 'host.ask-consent')[0]?.payload).toMatchObject({ tool: 'delete_note', annotations: { destructiveHint: true } });
    expect(stepsOf(trace, 'mcp.tools-call.request').map((step) => (step.payload as { params: { name: string } }).params.name)).not.toContain('delete_note');
    expect(trace.status).toBe('complete');
  });

  it('runs the destructive call the view makes once the user allows it', async () => {
    const before = deleted;
    const { run, finished, view } = await runToLive({ answers: { consent: 'allow' } });
    await expect(view.callServerTool({ name: 'delete_note', arguments: { name: 'draft' } })).resolves.toMatchObject({
      content: [{ type: 'text', text: 'Deleted draft.' }],
    });
    run.closeViews();
    await finished;
    expect(deleted).toBe(before + 1);
  });

  it('refuses a view’s call of a tool meant for the model alone, and of a tool the server never listed', async () => {
    const { run, finished, view } = await runToLive();
    await expect(view.callServerTool({ name: 'count_notes', arguments: {} })).rejects.toThrow(/not for views/);
    await expect(view.callServerTool({ name: 'drop_tables', arguments: {} })).rejects.toThrow(/listed no tool named drop_tables/);
    run.closeViews();
    const trace = await finished;
    const called = stepsOf(trace, 'mcp.tools-call.request').map((step) => (step.payload as { params: { name: string } }).params.name);
    expect(called).toEqual(['show_notes']);
    expect(stepsOf(trace, 'app.tools-call.response').map((step) => step.title)).toEqual([
      expect.stringContaining('Host refuses the view’s tools/call (-32000): count_notes is not for views'),
      expect.stringContaining('Host refuses the view’s tools/call (-32602)'),
    ]);
  });
});
