import { specTypeSchemas } from '@modelcontextprotocol/client';
import { TaskAckSchema, type InputRequestEntry } from '../trace/index.ts';
import { answerRoots } from './answer-roots.ts';
import { guardMcpCall, type McpCallContext } from './guard-mcp-call.ts';
import type { RunSlice } from './run-context.ts';
import { answerElicitation, answerSampling, type ServerRequestsContext } from './server-requests.ts';
import type { FollowedTask } from './task-shapes.ts';
import { WAIT_FOR_LEARNER_MS } from './timeouts.ts';

/** What answering a task's input requests needs: the server-request answers and tasks/update. */
export type TaskInputContext = ServerRequestsContext & McpCallContext & RunSlice<'traffic', 'roots', 'connection'>;

/**
 * What a 2026-07-28 task asks while it runs (the inputRequests of an input_required
 * tasks/get), answered as the same requests are answered anywhere else: the learner sees
 * each at its gate (the same steps as a sampling or elicitation request on a call), and
 * the answers go back with tasks/update, keyed as the server asked. A key answered once is
 * not asked again when a later poll still shows it (the server had not taken the answer
 * yet): the extension asks clients to keep count. A request the host cannot answer (an
 * unknown method, a declined sampling request, which inputResponses cannot carry as an
 * error) ends the task: the host cancels it and says why.
 */

export type TaskInputOutcome = { kind: 'sent' } | { kind: 'nothing-new' } | { kind: 'cannot'; message: string };

function validate<T>(schema: { '~standard': { validate: (value: unknown) => { value: T } | { issues: readonly unknown[] } } }, value: unknown): T | undefined {
  const checked = schema['~standard'].validate(value);
  return 'issues' in checked ? undefined : checked.value;
}

/** One request, answered at the gate by the host's own handlers; undefined with the reason when it cannot be. */
async function answerOne(context: TaskInputContext, entry: InputRequestEntry): Promise<{ answer: unknown } | { cannot: string }> {
  switch (entry.method) {
    case 'elicitation/create': {
      const params = validate(specTypeSchemas.ElicitRequestParams, entry.params);
      return params
        ? { answer: await answerElicitation(context, params) }
        : { cannot: 'The task asked for an elicitation whose parameters are not an elicitation request.' };
    }
    case 'sampling/createMessage': {
      const params = validate(specTypeSchemas.CreateMessageRequestParams, entry.params);
      if (!params) return { cannot: 'The task asked for sampling whose parameters are not a sampling request.' };
      try {
        return { answer: await answerSampling(context, params) };
      } catch (error) {
        return {
          cannot: `The host could not answer the task’s sampling request (${error instanceof Error ? error.message : String(error)}), and inputResponses can carry only a result, never an error.`,
        };
      }
    }
    case 'roots/list': {
      const roots = context.options.roots ?? [];
      return roots.length > 0
        ? { answer: answerRoots(context, roots) }
        : { cannot: 'The task asked for roots, which the host does not offer (no roots were given).' };
    }
    default:
      return { cannot: `The task asked for ${entry.method}, which the host cannot answer.` };
  }
}

export async function answerTaskInputs(context: TaskInputContext, task: FollowedTask, answeredKeys: Set<string>): Promise<TaskInputOutcome> {
  const asked = Object.entries(task.inputRequests ?? {}).filter(([key]) => !answeredKeys.has(key));
  if (asked.length === 0) return { kind: 'nothing-new' };
  const inputResponses: Record<string, unknown> = {};
  for (const [key, entry] of asked) {
    const answered = await answerOne(context, entry);
    if ('cannot' in answered) return { kind: 'cannot', message: `${answered.cannot} So the host cancelled the task (tasks/cancel); the tool gave no result.` };
    inputResponses[key] = answered.answer;
    answeredKeys.add(key);
  }
  const connection = context.state.connection;
  if (!connection) throw new Error('The MCP client is not connected.');
  await guardMcpCall(context, 'during tasks/update', (signal) =>
    connection.request((client) =>
      client.request({ method: 'tasks/update', params: { taskId: task.taskId, inputResponses } }, TaskAckSchema, { timeout: WAIT_FOR_LEARNER_MS, signal }),
    ),
  );
  await context.traffic.answered('tasks/update');
  return { kind: 'sent' };
}
