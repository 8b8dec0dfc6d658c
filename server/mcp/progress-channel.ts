import type { Notification } from '@modelcontextprotocol/server';
import { SERVER_STAGE_META_KEY, type ServerStageReport } from '../../src/mcp/server-report.ts';
import type { ProgressUpdate } from './tool-registry.ts';

type ProgressToken = string | number;
type SendNotification = (notification: Notification) => Promise<void>;

export type StageReport = { progress: number; total: number; message: string; report: ServerStageReport };

export type ProgressChannel = {
  /** A server step (lookup, validation, execution), marked with the stage `_meta` key. */
  reportStage: (stage: StageReport) => Promise<void>;
  /** The tool's own step, unmarked, numbered after the stages already sent. */
  reportToolProgress: (update: ProgressUpdate) => Promise<void>;
  /** The execution report: always the last and highest value of the call. */
  reportFinalStage: (stage: Omit<StageReport, 'progress' | 'total'>) => Promise<void>;
};

/**
 * One progress token carries both the server's stage reports and the tool's own
 * progress, and the spec says its progress value MUST increase with every
 * notification. So the tool's "3 of 5" goes out as step 2 + 3 of 3 + 5 (lookup,
 * validation, five counts, execution), its message unchanged, and the execution
 * report closes the sequence with the highest value. Without a token the client
 * asked for nothing and nothing is sent.
 */
export function createProgressChannel(send: SendNotification, token: ProgressToken | undefined): ProgressChannel {
  let lastProgress = 0;
  let stagesBeforeTool = 0;
  let toolTotal: number | undefined;

  const notify = async (params: { progress: number; total?: number; message: string; meta?: ServerStageReport }) => {
    if (token === undefined) return;
    lastProgress = params.progress;
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
      stagesBeforeTool = stage.progress;
      await notify({ progress: stage.progress, total: stage.total, message: stage.message, meta: stage.report });
    },
    reportToolProgress: async (update) => {
      const progress = stagesBeforeTool + update.progress;
      if (!(update.progress > 0) || progress <= lastProgress) {
        throw new Error(`Progress must keep increasing: ${update.progress} came after ${lastProgress - stagesBeforeTool}`);
      }
      toolTotal = update.total;
      const total = update.total === undefined ? undefined : stagesBeforeTool + update.total + 1;
      await notify({ progress, total, message: update.message ?? `Step ${update.progress}` });
    },
    reportFinalStage: async (stage) => {
      const expected = toolTotal === undefined ? stagesBeforeTool + 1 : stagesBeforeTool + toolTotal + 1;
      const progress = Math.max(expected, Math.floor(lastProgress) + 1);
      await notify({ progress, total: progress, message: stage.message, meta: stage.report });
    },
  };
}
