import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isServerInstrumentation } from '../../src/content/server-instrumentation.ts';
import type { Era, Step, Trace } from '../../src/trace/trace.ts';
import { createScenarioRun } from '../helpers/create-mock-run.ts';
import { useServer } from '../helpers/use-server.ts';

/**
 * The teaching server's own reports (steps 4, 13–15) count what it did: a learner reads "2 of 3",
 * "13 tools", "returned 12", so each figure must agree with the traffic around it — the tools
 * listed, the call it belongs to (by progressToken), the arguments sent and the result returned —
 * in every era and off the happy path too.
 */

const STAGE_KEY = 'io.github.mcp-lifecycle-explorer/stage';
const ReportSchema = z.object({
  method: z.literal('notifications/progress'),
  params: z.object({
    progressToken: z.union([z.string(), z.number()]),
    progress: z.number(),
    total: z.number(),
    message: z.string(),
    _meta: z.object({ [STAGE_KEY]: z.looseObject({ stage: z.string() }) }),
  }),
});
const RequestSchema = z.object({
  id: z.union([z.string(), z.number()]),
  method: z.string(),
  params: z.looseObject({ _meta: z.looseObject({ progressToken: z.union([z.string(), z.number()]).optional() }).optional() }).optional(),
});
const CallParamsSchema = z.object({ name: z.string(), arguments: z.record(z.string(), z.unknown()) });
const AnswerIdSchema = z.object({ id: z.union([z.string(), z.number()]) });
const ListedSchema = z.object({ result: z.object({ tools: z.array(z.object({ name: z.string() })) }) });

const server = useServer();
const SCENARIOS = ['happy-path', 'bad-arguments', 'unknown-tool', 'parallel-calls', 'two-rounds', 'division-by-zero'];
const ERAS: Era[] = ['2025-11-25', '2026-07-28'];
const traces = new Map<string, Trace>();

beforeAll(async () => {
  for (const era of ERAS)
    for (const scenarioId of SCENARIOS) traces.set(`${scenarioId} ${era}`, await createScenarioRun({ serverUrl: server.url, scenarioId, era }).start());
}, 120_000);

function readReports(steps: Step[]) {
  return steps.flatMap((step, index) => (isServerInstrumentation(step.id) ? [{ index, step, report: ReportSchema.parse(step.payload).params }] : []));
}

function readStage(report: z.infer<typeof ReportSchema>['params']): Record<string, unknown> & { stage: string } {
  return report._meta[STAGE_KEY];
}

describe.each(ERAS)('the teaching server’s reports agree with the run (%s)', (era) => {
  it.each(SCENARIOS)('%s: the registry read names exactly the tools listed', (scenarioId) => {
    const { steps } = traces.get(`${scenarioId} ${era}`)!;
    const listed = ListedSchema.parse(steps.find((step) => step.id === 'mcp.tools-list.response')!.payload).result.tools.map((tool) => tool.name);
    const reads = readReports(steps).filter(({ step }) => step.id === 'server.registry-read');
    expect(reads).toHaveLength(1);
    const { report } = reads[0]!;
    expect(readStage(report).tools).toEqual(listed);
    expect(report.message).toContain(`${listed.length} tool${listed.length === 1 ? '' : 's'} (${listed.join(', ')})`);
    expect(report).toMatchObject({ progress: 1, total: 1 });
  });

  it.each(SCENARIOS)('%s: each call’s reports carry its token, count 1, 2, 3 of a total that holds, and name what was sent and returned', (scenarioId) => {
    const { steps } = traces.get(`${scenarioId} ${era}`)!;
    const listed = ListedSchema.parse(steps.find((step) => step.id === 'mcp.tools-list.response')!.payload).result.tools.map((tool) => tool.name);
    const reports = readReports(steps);
    const calls = steps.flatMap((step, index) => (step.id === 'mcp.tools-call.request' ? [{ index, request: RequestSchema.parse(step.payload) }] : []));
    expect(calls.length).toBeGreaterThan(0);
    const tokensOfRequests = steps
      .flatMap((step) => (step.from === 'client' && step.to === 'server' ? [RequestSchema.safeParse(step.payload)] : []))
      .flatMap((parsed) => (parsed.success && parsed.data.params?._meta?.progressToken !== undefined ? [parsed.data.params._meta.progressToken] : []));
    // No report belongs to a request nobody sent.
    for (const { report } of reports) expect(tokensOfRequests).toContain(report.progressToken);
    for (const { index, request } of calls) {
      const token = request.params?._meta?.progressToken;
      expect(token).toBeDefined();
      const { name, arguments: sent } = CallParamsSchema.parse(request.params);
      const answerIndex = steps.findIndex(
        (step, at) => at > index && step.id === 'mcp.tools-call.response' && AnswerIdSchema.safeParse(step.payload).data?.id === request.id,
      );
      const own = reports.filter(({ report }) => report.progressToken === token);
      expect(own.length).toBeGreaterThan(0);
      // Between the request and its answer: the reports are about this call, while it runs.
      for (const { index: at } of own) expect(at > index && (answerIndex === -1 || at < answerIndex)).toBe(true);
      expect(own.map(({ report }) => report.progress)).toEqual(own.map((_, position) => position + 1));
      expect(new Set(own.map(({ report }) => report.total))).toEqual(new Set([3]));
      const stages = own.map(({ report }) => readStage(report));
      expect(stages.map((stage) => stage.stage)).toEqual(['registry-lookup', 'validate-arguments', 'execute'].slice(0, own.length));
      for (const stage of stages) expect(stage.name).toBe(name);
      expect(stages[0]!.found).toBe(listed.includes(name));
      const answer = answerIndex === -1 ? undefined : steps[answerIndex]!.payload;
      if (stages[1]?.valid === false) expect(answer).toMatchObject({ result: { isError: true } });
      const execute = stages[2];
      if (execute) {
        expect(execute.arguments).toEqual(sent);
        if (execute.returned !== undefined) expect(JSON.stringify(answer)).toContain(String(execute.returned));
      } else {
        // The server stopped before running the tool: the call did not succeed.
        expect(JSON.stringify(answer)).toMatch(/"isError":true|"error":/);
      }
    }
  });
});
