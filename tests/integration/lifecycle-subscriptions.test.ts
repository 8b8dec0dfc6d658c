import { describe, expect, it } from 'vitest';
import { findScenario } from '../../src/content/scenarios.ts';
import type { Era } from '../../src/trace/vocabulary.ts';
import type { Step, Trace } from '../../src/trace/trace.ts';
import { SUBSCRIPTION_ID_META_KEY } from '../../src/trace/subscriptions.ts';
import { createMockRun } from '../helpers/create-mock-run.ts';
import { useServer } from '../helpers/use-server.ts';

/**
 * 2026-07-28's subscriptions, for real: the toolbox says its tool list can change
 * (tools.listChanged), so the host opens subscriptions/listen before it lists the tools;
 * the server acknowledges with the subscription's id, sends list_changed on that stream
 * alone (never on the call's), each with the id in its _meta, and the host lists the tools
 * again. 2025-11-25 has no subscription: list_changed comes on the call's own stream.
 */

const server = useServer();
const scenario = findScenario('tools-changed')!;

function runToolsChanged(era: Era): Promise<Trace> {
  return createMockRun(server.url, { era, question: scenario.question, mcpUrl: `${server.url}${scenario.mcpPath}`, autoRelease: true }).start();
}

const stepsOf = (trace: Trace, id: string): Step[] => trace.steps.filter((step) => step.id === id);
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const metaOf = (step: Step | undefined) =>
  isRecord(step?.payload) && isRecord(step.payload.params) && isRecord(step.payload.params._meta) ? step.payload.params._meta : {};

describe('tools-changed in 2026-07-28: subscriptions/listen', () => {
  it('opts in before listing, is acknowledged with an id, gets each list_changed on the subscription, and lists again', async () => {
    const trace = await runToolsChanged('2026-07-28');
    expect(trace.status).toBe('complete');
    const ids = trace.steps.map((step) => step.id);
    const listen = stepsOf(trace, 'mcp.subscriptions-listen.request')[0];
    expect(listen?.payload).toMatchObject({ method: 'subscriptions/listen', params: { notifications: { toolsListChanged: true } } });
    expect(ids.indexOf('mcp.subscriptions-listen.request')).toBeLessThan(ids.indexOf('mcp.tools-list.request'));
    const listenId = isRecord(listen?.payload) ? listen.payload.id : undefined;
    const acknowledged = stepsOf(trace, 'mcp.subscriptions.acknowledged');
    expect(acknowledged).toHaveLength(1);
    expect(metaOf(acknowledged[0])[SUBSCRIPTION_ID_META_KEY]).toBe(listenId);
    expect(acknowledged[0]!.title).toContain(`"${String(listenId)}"`);

    const changes = stepsOf(trace, 'mcp.tools-list-changed.notification');
    expect(changes).toHaveLength(2);
    for (const change of changes) {
      expect(metaOf(change)[SUBSCRIPTION_ID_META_KEY]).toBe(listenId);
      // On the subscription's stream (its POST is the listen request's), not the call's.
      expect(change.http?.requestBody).toBe(listen?.http?.requestBody);
      expect(change.title).toContain(`on subscription "${String(listenId)}"`);
    }
    expect(stepsOf(trace, 'host.list-tools-again')).toHaveLength(2);
    expect(
      stepsOf(trace, 'mcp.tools-call.request').map((step) => (isRecord(step.payload) && isRecord(step.payload.params) ? step.payload.params.name : null)),
    ).toEqual(['unlock_temperature_tool', 'convert_temperature']);
    expect(trace.answer).toContain('212 fahrenheit');
  });

  it('is closed at the end of the run: notifications/cancelled names the listen request', async () => {
    const trace = await runToolsChanged('2026-07-28');
    const listen = stepsOf(trace, 'mcp.subscriptions-listen.request')[0];
    const listenId = isRecord(listen?.payload) ? listen.payload.id : undefined;
    const cancelled = trace.steps.filter((step) => isRecord(step.payload) && step.payload.method === 'notifications/cancelled');
    expect(cancelled.map((step) => (isRecord(step.payload) && isRecord(step.payload.params) ? step.payload.params.requestId : null))).toEqual([listenId]);
  });

  it('is not opened in 2025-11-25: list_changed comes on the call’s stream', async () => {
    const trace = await runToolsChanged('2025-11-25');
    expect(stepsOf(trace, 'mcp.subscriptions-listen.request')).toEqual([]);
    const changes = stepsOf(trace, 'mcp.tools-list-changed.notification');
    expect(changes).toHaveLength(2);
    for (const change of changes) expect(metaOf(change)[SUBSCRIPTION_ID_META_KEY]).toBeUndefined();
    expect(stepsOf(trace, 'host.list-tools-again')).toHaveLength(2);
  });
});
