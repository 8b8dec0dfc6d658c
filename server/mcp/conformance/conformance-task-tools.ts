import { inputRequired, inputResponse } from '@modelcontextprotocol/server';
import type { CallToolResult, InputRequiredResult, ServerContext, Tool } from '@modelcontextprotocol/server';
import { z } from 'zod';
import type { TaskBehaviour } from '../tasks/serve-tasks.ts';
import { TaskProtocolError, type TaskWorkContext } from '../tasks/task-store.ts';

/**
 * The task fixtures of the conformance suite's tasks extension scenarios (0.2.x,
 * SEP-2663): each a tool that runs as a task, with the names, arguments and results the
 * scenarios check. A task tool's work may ask the client (confirm_delete, multi_input);
 * test_tool_with_task first asks in an ordinary multi round-trip round, then becomes a
 * task with the answer.
 */

export type ConformanceTaskTool = {
  definition: Tool;
  arguments: z.ZodObject;
  task: TaskBehaviour;
  /**
   * What the call does before it becomes a task: a multi round-trip round (the
   * input_required result), or what the work needs from the call (`carry`).
   */
  prepare?: (input: Record<string, unknown>, context: ServerContext) => InputRequiredResult | { carry: Record<string, unknown> };
  work: (input: Record<string, unknown>, task: TaskWorkContext, carry: Record<string, unknown>) => Promise<CallToolResult>;
};

/** Short polls: the suite polls every 200 ms and waits at most 10 s for a task to end. */
const BEHAVIOUR = { pollIntervalMs: 200, ttlMs: 60_000 };

function defineTaskTool<Input extends z.ZodObject>(tool: {
  name: string;
  description: string;
  arguments: Input;
  support: TaskBehaviour['support'];
  prepare?: (input: z.infer<Input>, context: ServerContext) => InputRequiredResult | { carry: Record<string, unknown> };
  work: (input: z.infer<Input>, task: TaskWorkContext, carry: Record<string, unknown>) => Promise<CallToolResult>;
}): ConformanceTaskTool {
  const { $schema: _dialect, ...inputSchema } = z.toJSONSchema(tool.arguments, { io: 'input' }) as Record<string, unknown>;
  return {
    definition: { name: tool.name, description: tool.description, inputSchema: inputSchema as Tool['inputSchema'], execution: { taskSupport: tool.support } },
    arguments: tool.arguments,
    task: { support: tool.support, ...BEHAVIOUR },
    ...(tool.prepare ? { prepare: (input, context) => tool.prepare!(input as z.infer<Input>, context) } : {}),
    work: (input, task, carry) => tool.work(input as z.infer<Input>, task, carry),
  };
}

function text(value: string, isError = false): CallToolResult {
  return { content: [{ type: 'text', text: value }], ...(isError ? { isError: true } : {}) };
}

function sleep(milliseconds: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new Error('The task was cancelled.'));
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', stop);
      resolve();
    }, milliseconds);
    const stop = () => {
      clearTimeout(timer);
      reject(new Error('The task was cancelled.'));
    };
    signal.addEventListener('abort', stop, { once: true });
  });
}

const ElicitAnswerSchema = z.looseObject({ action: z.string(), content: z.looseObject({}).optional() });

function confirmForm(message: string) {
  return {
    method: 'elicitation/create',
    params: {
      mode: 'form',
      message,
      requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean', title: 'Confirm' } }, required: ['confirm'] },
    },
  };
}

export const conformanceTaskTools: ConformanceTaskTool[] = [
  defineTaskTool({
    name: 'slow_compute',
    description: 'Sleeps for the given seconds, then answers: as a task when the client declared the tasks extension, else as an ordinary call.',
    arguments: z.object({ seconds: z.number().min(0).max(120), label: z.string().optional() }).strict(),
    support: 'optional',
    work: async ({ seconds, label }, task) => {
      task.say(`Computing ${label ?? 'the result'} for ${seconds} s.`);
      await sleep(seconds * 1000, task.signal);
      return text(`Computed ${label ?? 'the result'} after ${seconds} s.`);
    },
  }),
  defineTaskTool({
    name: 'failing_job',
    description: 'Runs only as a task, and after about a second returns a tool execution error (isError), which the task reports as completed.',
    arguments: z.object({}).strict(),
    support: 'required',
    work: async (_input, task) => {
      await sleep(1000, task.signal);
      return text('The job failed: this fixture always reports a tool execution error.', true);
    },
  }),
  defineTaskTool({
    name: 'protocol_error_job',
    description: 'Runs as a task whose work breaks with a protocol error (JSON-RPC -32603), which the task reports as failed.',
    arguments: z.object({}).strict(),
    support: 'optional',
    work: async (_input, task) => {
      await sleep(100, task.signal);
      throw new TaskProtocolError({ code: -32603, message: 'The job crashed: an internal error of the server, not of the tool.' });
    },
  }),
  defineTaskTool({
    name: 'confirm_delete',
    description: 'Asks the user (one elicitation, mid-task) whether to delete the file, then answers.',
    arguments: z.object({ filename: z.string() }).strict(),
    support: 'optional',
    work: async ({ filename }, task) => {
      const answer = ElicitAnswerSchema.safeParse(
        await task.askClient(confirmForm(`Delete ${filename}?`), `Waiting for the user to confirm deleting ${filename}.`),
      );
      const confirmed = answer.success && answer.data.action === 'accept' && answer.data.content?.confirm === true;
      return text(confirmed ? `Deleted ${filename}.` : `Kept ${filename}: the user did not confirm.`);
    },
  }),
  defineTaskTool({
    name: 'multi_input',
    description: 'Asks the user two things at once (two elicitations pending together), then answers with both.',
    arguments: z.object({}).strict(),
    support: 'optional',
    work: async (_input, task) => {
      const [first, second] = await Promise.all([
        task.askClient(
          {
            method: 'elicitation/create',
            params: { mode: 'form', message: 'Your name?', requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] } },
          },
          'Waiting for two answers.',
        ),
        task.askClient(confirmForm('Confirm?'), 'Waiting for two answers.'),
      ]);
      return text(`Received both answers: ${JSON.stringify(first)} and ${JSON.stringify(second)}.`);
    },
  }),
  defineTaskTool({
    name: 'test_tool_with_task',
    description: 'Asks for user_name in a multi round-trip round first, then, with the answer, goes on as a task whose result names the user.',
    arguments: z.object({}).strict(),
    support: 'required',
    prepare: (_input, context) => {
      const reply = inputResponse(context.mcpReq.inputResponses, 'user_name');
      if (reply.kind === 'elicit' && reply.action === 'accept')
        return { carry: { userName: String(reply.content?.name ?? reply.content?.user_name ?? 'someone') } };
      return inputRequired({
        inputRequests: {
          user_name: inputRequired.elicit({
            message: 'What is your name?',
            requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
          }),
        },
      });
    },
    work: async (_input, task, carry) => {
      await sleep(200, task.signal);
      return text(`Hello, ${String(carry.userName)}! (gathered before the task began)`);
    },
  }),
];
