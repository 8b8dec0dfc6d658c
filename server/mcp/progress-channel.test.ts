import { describe, expect, it } from 'vitest';
import type { Notification } from '@modelcontextprotocol/server';
import { SERVER_STAGE_META_KEY } from '../../src/mcp/server-report.ts';
import { createProgressChannel } from './progress-channel.ts';

type ProgressParams = { progress: number; total?: number; message: string; _meta?: Record<string, unknown> };

function record(token: string | number | undefined) {
  const sent: ProgressParams[] = [];
  const channel = createProgressChannel(async (notification: Notification) => void sent.push(notification.params as unknown as ProgressParams), token);
  return { sent, channel };
}

const lookup = { progress: 1, total: 3, message: 'lookup', report: { stage: 'registry-lookup' as const, name: 'count_slowly', found: true } };
const validation = { progress: 2, total: 3, message: 'validation', report: { stage: 'validate-arguments' as const, name: 'count_slowly', valid: true, arguments: [] } };
const execution = { message: 'execution', report: { stage: 'execute' as const, name: 'count_slowly', arguments: {} } };

describe('createProgressChannel', () => {
  it('sends nothing when the client gave no progress token', async () => {
    const { sent, channel } = record(undefined);
    await channel.reportStage(lookup);
    await channel.reportToolProgress({ progress: 1, total: 2, message: 'Counted 1 of 2' });
    await channel.reportFinalStage(execution);
    expect(sent).toEqual([]);
  });

  it('numbers stage 1/3, 2/3 and 3/3 when the tool reports nothing of its own', async () => {
    const { sent, channel } = record('t');
    await channel.reportStage(lookup);
    await channel.reportStage(validation);
    await channel.reportFinalStage(execution);
    expect(sent.map(({ progress, total }) => `${progress}/${total}`)).toEqual(['1/3', '2/3', '3/3']);
  });

  it('numbers the tool\'s own steps after the stages, so the value keeps increasing, and marks only the stages', async () => {
    const { sent, channel } = record('t');
    await channel.reportStage(lookup);
    await channel.reportStage(validation);
    for (let count = 1; count <= 3; count += 1) await channel.reportToolProgress({ progress: count, total: 3, message: `Counted ${count} of 3` });
    await channel.reportFinalStage(execution);
    expect(sent.map(({ progress, total }) => `${progress}/${total}`)).toEqual(['1/3', '2/3', '3/6', '4/6', '5/6', '6/6']);
    expect(sent.map((params) => params.message)).toEqual(['lookup', 'validation', 'Counted 1 of 3', 'Counted 2 of 3', 'Counted 3 of 3', 'execution']);
    expect(sent.map((params) => params._meta?.[SERVER_STAGE_META_KEY] !== undefined)).toEqual([true, true, false, false, false, true]);
  });

  it('ends with the highest value even when the tool stopped early', async () => {
    const { sent, channel } = record(7);
    await channel.reportStage(lookup);
    await channel.reportStage(validation);
    await channel.reportToolProgress({ progress: 1, total: 5, message: 'Counted 1 of 5' });
    await channel.reportFinalStage(execution);
    expect(sent.at(-1)).toMatchObject({ progress: 8, total: 8 });
  });

  it('refuses tool progress that does not increase', async () => {
    const { channel } = record('t');
    await channel.reportStage(validation);
    await channel.reportToolProgress({ progress: 2 });
    await expect(channel.reportToolProgress({ progress: 2 })).rejects.toThrow(/keep increasing/);
    await expect(channel.reportToolProgress({ progress: 0 })).rejects.toThrow(/keep increasing/);
  });
});
