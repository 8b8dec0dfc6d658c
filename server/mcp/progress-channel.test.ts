import { describe, expect, it } from 'vitest';
import type { Notification } from '@modelcontextprotocol/server';
import { SERVER_STAGE_META_KEY } from '../../src/trace/server-report.ts';
import { createProgressChannel, type ProgressChannel } from './progress-channel.ts';

type ProgressParams = { progress: number; total?: number; message: string; _meta?: Record<string, unknown> };

function record(token: string | number | undefined) {
  const sent: ProgressParams[] = [];
  const channel = createProgressChannel(async (notification: Notification) => void sent.push(notification.params as unknown as ProgressParams), token);
  return { sent, channel };
}

const lookup = { progress: 1, message: 'lookup', report: { stage: 'registry-lookup' as const, name: 'count_slowly', found: true } };
const validation = { progress: 2, message: 'validation', report: { stage: 'validate-arguments' as const, name: 'count_slowly', valid: true, arguments: [] } };
const execution = { message: 'execution', report: { stage: 'execute' as const, name: 'count_slowly', arguments: {} } };
/** Lookup and validation of a tool with `steps` progress reports of its own: the total is known once the arguments are. */
async function reportStages(channel: ProgressChannel, steps: number) {
  await channel.reportStage(lookup);
  await channel.reportStage({ ...validation, total: 3 + steps });
}

/** What a progress bar needs: a value that always increases, a total that never changes once given, a fraction that never falls. */
function expectSteadyBar(sent: ProgressParams[]) {
  const totals = sent.map((params) => params.total).filter((total) => total !== undefined);
  expect(new Set(totals).size).toBeLessThanOrEqual(1);
  for (let index = 1; index < sent.length; index += 1) {
    expect(sent[index]!.progress).toBeGreaterThan(sent[index - 1]!.progress);
    const [before, after] = [sent[index - 1]!, sent[index]!];
    if (before.total !== undefined) expect(after.progress / after.total!).toBeGreaterThanOrEqual(before.progress / before.total);
  }
  expect(sent.at(-1)!.progress).toBe(sent.at(-1)!.total);
}

describe('createProgressChannel', () => {
  it('sends nothing when the client gave no progress token', async () => {
    const { sent, channel } = record(undefined);
    await reportStages(channel, 2);
    await channel.reportToolProgress({ progress: 1, total: 2, message: 'Counted 1 of 2' });
    await channel.reportFinalStage(execution);
    expect(sent).toEqual([]);
  });

  it('numbers stage 1/3, 2/3 and 3/3 when the tool reports nothing of its own', async () => {
    const { sent, channel } = record('t');
    await channel.reportStage({ ...lookup, total: 3 });
    await channel.reportStage({ ...validation, total: 3 });
    await channel.reportFinalStage(execution);
    expect(sent.map(({ progress, total }) => `${progress}/${total}`)).toEqual(['1/3', '2/3', '3/3']);
    expectSteadyBar(sent);
  });

  it("numbers the tool's own steps after the stages, under the total validation announced, and marks only the stages", async () => {
    const { sent, channel } = record('t');
    await reportStages(channel, 3);
    for (let count = 1; count <= 3; count += 1) await channel.reportToolProgress({ progress: count, total: 3, message: `Counted ${count} of 3` });
    await channel.reportFinalStage(execution);
    expect(sent.map(({ progress, total }) => `${progress}/${total ?? '?'}`)).toEqual(['1/?', '2/6', '3/6', '4/6', '5/6', '6/6']);
    expect(sent.map((params) => params.message)).toEqual(['lookup', 'validation', 'Counted 1 of 3', 'Counted 2 of 3', 'Counted 3 of 3', 'execution']);
    expect(sent.map((params) => params._meta?.[SERVER_STAGE_META_KEY] !== undefined)).toEqual([true, true, false, false, false, true]);
    expectSteadyBar(sent);
  });

  it('keeps the bar steady for count_slowly to 10: no jump back from 2/3 to 3/13', async () => {
    const { sent, channel } = record('t');
    await reportStages(channel, 10);
    for (let count = 1; count <= 10; count += 1) await channel.reportToolProgress({ progress: count, total: 10 });
    await channel.reportFinalStage(execution);
    expect(sent).toHaveLength(13);
    expectSteadyBar(sent);
  });

  it('ends at the total even when the tool stopped early', async () => {
    const { sent, channel } = record(7);
    await reportStages(channel, 5);
    await channel.reportToolProgress({ progress: 1, total: 5, message: 'Counted 1 of 5' });
    await channel.reportFinalStage(execution);
    expect(sent.map(({ progress, total }) => `${progress}/${total ?? '?'}`)).toEqual(['1/?', '2/8', '3/8', '8/8']);
    expectSteadyBar(sent);
  });

  it('refuses tool progress that does not increase', async () => {
    const { channel } = record('t');
    await reportStages(channel, 3);
    await channel.reportToolProgress({ progress: 2 });
    await expect(channel.reportToolProgress({ progress: 2 })).rejects.toThrow(/keep increasing/);
    await expect(channel.reportToolProgress({ progress: 0 })).rejects.toThrow(/keep increasing/);
  });

  it('refuses tool steps the tool did not declare, rather than move the total', async () => {
    const undeclared = record('t');
    await undeclared.channel.reportStage({ ...lookup, total: 3 });
    await undeclared.channel.reportStage({ ...validation, total: 3 });
    await expect(undeclared.channel.reportToolProgress({ progress: 1, total: 4 })).rejects.toThrow(/declared 0 progress steps/);
    const beyond = record('t');
    await reportStages(beyond.channel, 2);
    await beyond.channel.reportToolProgress({ progress: 1, total: 2 });
    await beyond.channel.reportToolProgress({ progress: 2, total: 2 });
    await expect(beyond.channel.reportToolProgress({ progress: 3, total: 2 })).rejects.toThrow(/step 3 of 2, but it declared 2/);
    const otherTotal = record('t');
    await reportStages(otherTotal.channel, 2);
    await expect(otherTotal.channel.reportToolProgress({ progress: 1, total: 5 })).rejects.toThrow(/step 1 of 5, but it declared 2/);
    expect([...undeclared.sent, ...beyond.sent, ...otherTotal.sent].every((params) => params.progress <= (params.total ?? Infinity))).toBe(true);
  });

  it('refuses a stage that would change a total once given', async () => {
    const { channel } = record('t');
    await reportStages(channel, 2);
    await expect(channel.reportStage({ progress: 3, total: 9, message: 'other', report: execution.report })).rejects.toThrow(
      /announced as 5 and cannot change to 9/,
    );
  });

  it('a rerun after the client’s answer goes on from the first run’s last value, its total shifted alike', async () => {
    const sent: ProgressParams[] = [];
    const channel = createProgressChannel(async (notification: Notification) => void sent.push(notification.params as unknown as ProgressParams), 'call-1', 3);
    await channel.reportStage({ ...lookup, total: 3 });
    await channel.reportStage({ ...validation, total: 3 });
    await channel.reportFinalStage(execution);
    expect(sent.map((params) => [params.progress, params.total])).toEqual([
      [4, 6],
      [5, 6],
      [6, 6],
    ]);
    expect(channel.readLastProgress()).toBe(6);
  });

  it('a call that pauses for the client and runs again under its token gives its total only at the end: one steady bar over both runs', async () => {
    const sent: ProgressParams[] = [];
    const send = async (notification: Notification) => void sent.push(notification.params as unknown as ProgressParams);
    const first = createProgressChannel(send, 'call-1');
    await first.reportStage(lookup);
    await first.reportStage(validation);
    await first.reportPausingStage(execution);
    const rerun = createProgressChannel(send, 'call-1', first.readLastProgress());
    await rerun.reportStage(lookup);
    await rerun.reportStage(validation);
    await rerun.reportFinalStage(execution);
    expect(sent.map((params) => `${params.progress}/${params.total ?? '?'}`)).toEqual(['1/?', '2/?', '3/?', '4/?', '5/?', '6/6']);
    expectSteadyBar(sent);
  });

  it('refuses to pause a call whose total it already gave, which the rerun would have to change', async () => {
    const { channel } = record('call-1');
    await channel.reportStage({ ...lookup, total: 3 });
    await expect(channel.reportPausingStage(execution)).rejects.toThrow('cannot go on past its execution report');
  });
});
