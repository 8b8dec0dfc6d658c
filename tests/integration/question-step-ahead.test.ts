import { describe, expect, it } from 'vitest';
import { createLifecycleRun, type RunOptions } from '../../src/lifecycle/engine.ts';
import { recordQuestionStepAhead } from '../../src/lifecycle/question-step.ts';
import type { Step } from '../../src/trace/trace.ts';
import { MOCK_BASE_PATH, MOCK_MODEL } from '../helpers/create-mock-run.ts';
import { useServer } from '../helpers/use-server.ts';

/**
 * The page shows step 1 the moment Next is pressed, before the engine has loaded
 * (src/store/run-controller.ts), and the engine's own step 1 then takes its place by
 * number: the two must be the same step, or the learner would see it change. Here the
 * real engine runs against the real server and its step 1 is compared field by field
 * with the one written ahead from the same options; only the times may differ.
 */

const server = useServer();

function withoutTimes(step: Step | undefined): Partial<Step> | undefined {
  if (!step) return undefined;
  const { at: _at, learnerWaitMs: _learnerWaitMs, ...rest } = step;
  return rest;
}

/** The engine's step 1 in a whole run against the real server, with the options the step written ahead is given too. */
async function recordEngineFirstStep(serverUrl: string, overrides: Partial<RunOptions>): Promise<{ options: RunOptions; engineStep: Step | undefined }> {
  const options: RunOptions = {
    question: 'What is 5 plus 7?',
    era: '2025-11-25',
    mcpUrl: `${serverUrl}/mcp`,
    provider: { wire: 'openai-chat', kind: 'mock', baseUrl: `${serverUrl}${MOCK_BASE_PATH}`, model: MOCK_MODEL },
    networkTimeoutMs: 10_000,
    autoRelease: true,
    ...overrides,
  };
  const trace = await createLifecycleRun(options).start();
  return { options, engineStep: trace.steps[0] };
}

describe('step 1 written ahead of the engine', () => {
  it.each(['2025-11-25', '2026-07-28', 'auto'] as const)('is the engine’s step 1 but for its time, in the %s era', async (era) => {
    const { options, engineStep } = await recordEngineFirstStep(server.url, { era, question: 'What is 5 plus 7?' });
    expect(engineStep).toMatchObject({ n: 1, id: 'user.question', canonical: 1, payload: { question: 'What is 5 plus 7?' } });
    expect(withoutTimes(recordQuestionStepAhead(options))).toEqual(withoutTimes(engineStep));
  });

  it('redacts the run’s secrets as the engine does when the question quotes them', async () => {
    const apiKey = 'sk-ahead-of-the-engine-0123456789';
    const token = 'bearer-ahead-0123456789';
    const question = `Is ${apiKey} or ${token} my key?`;
    const { options, engineStep } = await recordEngineFirstStep(server.url, {
      question,
      mcpHeaders: [{ name: 'Authorization', value: `Bearer ${token}`, secret: true }],
      provider: { wire: 'openai-chat', kind: 'mock', baseUrl: `${server.url}${MOCK_BASE_PATH}`, model: MOCK_MODEL, apiKey },
    });
    const ahead = recordQuestionStepAhead(options);
    expect(JSON.stringify(engineStep?.payload)).not.toContain(apiKey);
    expect(JSON.stringify(engineStep?.payload)).not.toContain(token);
    expect(withoutTimes(ahead)).toEqual(withoutTimes(engineStep));
  });

  it('is the same step when the run then fails at once (an empty question, a password in the server’s URL)', async () => {
    for (const overrides of [
      { question: '  ' },
      { question: 'Is hunter2-secret in it?', mcpUrl: `${server.url.replace('//', '//learner:hunter2-secret@')}/mcp` },
    ]) {
      const { options, engineStep } = await recordEngineFirstStep(server.url, overrides);
      expect(engineStep?.id).toBe('user.question');
      expect(withoutTimes(recordQuestionStepAhead(options))).toEqual(withoutTimes(engineStep));
    }
  });
});
