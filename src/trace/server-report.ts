import { z } from 'zod';

/**
 * The built-in server reports its own internal steps (registry read and lookup,
 * argument validation, execution) as real `notifications/progress` messages. This
 * `_meta` key marks which step a notification reports, so the host can place it in
 * the lifecycle without guessing from the human-readable message.
 */
export const SERVER_STAGE_META_KEY = 'io.github.mcp-lifecycle-explorer/stage';

export const SERVER_STAGES = ['registry-read', 'registry-lookup', 'validate-arguments', 'execute'] as const;
export type ServerStage = (typeof SERVER_STAGES)[number];

export type ArgumentCheck = {
  name: string;
  value: unknown;
  expected: string;
  valid: boolean;
  problem?: string;
};

export type ServerStageReport =
  | { stage: 'registry-read'; tools: string[] }
  | { stage: 'registry-lookup'; name: string; found: boolean }
  | { stage: 'validate-arguments'; name: string; valid: boolean; arguments: ArgumentCheck[] }
  | { stage: 'execute'; name: string; arguments: unknown; returned?: unknown; error?: string };

const StageMetaSchema = z.object({ [SERVER_STAGE_META_KEY]: z.object({ stage: z.enum(SERVER_STAGES) }) });

/** The stage a notification's `_meta` names, when it names one this host knows. */
export function readServerStage(meta: unknown): ServerStage | undefined {
  const parsed = StageMetaSchema.safeParse(meta);
  return parsed.success ? parsed.data[SERVER_STAGE_META_KEY].stage : undefined;
}
