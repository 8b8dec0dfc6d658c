import type { Notification } from '@modelcontextprotocol/server';
import { SERVER_STAGE_META_KEY, type ServerStageReport } from '../../src/trace/index.ts';
import type { ProgressUpdate } from './tool-registry.ts';

type ProgressToken = string | number;
type SendNotification = (notification: Notification) => Promise<void>;

/** `total`: the whole call's count of notifications, once the server knows it; left out until then. */
export type StageReport = { progress: number; total?: number; message: string; report: ServerStageReport };

export type ProgressChannel = {
  /** A server step (lookup, validation, execution), marked with the stage `_meta` key. */
  reportStage: (stage: StageReport) => Promise<void>;
  /** The tool's own step, unmarked, numbered after the stages already sent. */
  reportToolProgress: (update: ProgressUpdate) => Promise<void>;
  /** The execution report: always the last and highest value of the call. */
  reportFinalStage: (stage: Omit<StageReport, 'progress' | 'total'>) => Promise<void>;
  /** An execution report after which the same call goes on (a 2025-11-25 rerun after the client's answer): the next value, and no total yet. */
  reportPausingStage: (stage: Omit<StageReport, 'progress' | 'total'>) => Promise<void>;
  /** The highest value sent so far (or counted, without a token): where a rerun of the same call goes on from. */
  readLastProgress: () => number;
};

/**
 * One progress token carries both the server's stage reports and the tool's own
 * progress, and a client draws them as one bar. The spec says progress MUST increase
 * with every notification; for the bar never to jump back, the total must not change
 * once given either. So a total goes out only when it is the call's whole count
 * (lookup, validation, each of the tool's steps, execution): a tool that reports
 * progress declares its steps (`progressSteps`), the lookup says no total yet, and
 * validation, knowing the arguments, announces it. The tool's "3 of 10" then goes out
 * as 2 + 3 of 13, its message unchanged, and the execution report closes the sequence
 * at the total, even when the tool stopped early. A tool that reports steps it did not
 * declare is refused (the error names it), rather than sending a total that moves.
 * Without a token the client asked for nothing and nothing is sent; the checks still run.
 *
 * `startAfter`: a 2025-11-25 call whose tool answered input_required is run again by the
 * SDK, inside the same request and under the same token, once the client has answered
 * the server's request; that run goes on from the first one's last value (its stages and
 * total shifted by it) instead of starting again at 1, which the spec forbids. The first
 * run ends on reportPausingStage and neither run gives a total before the last report,
 * which closes the sequence at its whole count (1, 2, 3, then 4, 5, 6/6): a total given
 * earlier (3/3) would have to grow, and the bar would jump back.
 */
export function createProgressChannel(send: SendNotification, token: ProgressToken | undefined, startAfter = 0): ProgressChannel {
  let lastProgress = startAfter;
  let stagesBeforeTool = 0;
  let announcedTotal: number | undefined;

  const notify = async (params: { progress: number; total?: number; message: string; meta?: ServerStageReport }) => {
    if (!(params.progress > lastProgress)) throw new Error(`Progress must keep increasing: ${params.progress} came after ${lastProgress}`);
    if (announcedTotal !== undefined && params.total !== announcedTotal) {
      throw new Error(`The call's progress total was announced as ${announcedTotal} and cannot change to ${params.total ?? 'none'}`);
    }
    if (params.total !== undefined && params.progress > params.total) throw new Error(`Progress ${params.progress} is past the total ${params.total}`);
    lastProgress = params.progress;
    announcedTotal = params.total;
    if (token === undefined) return;
    await send({
      method: 'notifications/progress',
      params: {
        progressToken: token,
        progress: params.progress,
        ...(params.total === undefined ? {} : { total: params.total }),
        message: params.message,
        ...(params.meta ? { _meta: { [SERVER_STAGE_META_KEY]: params.meta } } : {}),
      },
    });
  };

  return {
    reportStage: async (stage) => {
      const progress = startAfter + stage.progress;
      await notify({ progress, total: stage.total === undefined ? undefined : startAfter + stage.total, message: stage.message, meta: stage.report });
      stagesBeforeTool = progress;
    },
    reportToolProgress: async (update) => {
      const progress = stagesBeforeTool + update.progress;
      // The last slot of the total belongs to the execution report.
      const declaredSteps = announcedTotal === undefined ? undefined : announcedTotal - stagesBeforeTool - 1;
      if (declaredSteps === undefined || update.progress > declaredSteps || (update.total !== undefined && update.total !== declaredSteps)) {
        throw new Error(
          `The tool reported step ${update.progress}${update.total === undefined ? '' : ` of ${update.total}`}, but it declared ${declaredSteps ?? 'no'} progress steps for these arguments: its progressSteps must count every report it makes`,
        );
      }
      await notify({ progress, total: announcedTotal, message: update.message ?? `Step ${update.progress}` });
    },
    reportFinalStage: async (stage) => {
      const progress = announcedTotal ?? Math.floor(lastProgress) + 1;
      await notify({ progress, total: progress, message: stage.message, meta: stage.report });
    },
    reportPausingStage: async (stage) => {
      if (announcedTotal !== undefined)
        throw new Error(`The call's progress total was announced as ${announcedTotal}, so it cannot go on past its execution report`);
      await notify({ progress: Math.floor(lastProgress) + 1, message: stage.message, meta: stage.report });
    },
    readLastProgress: () => lastProgress,
  };
}
