import { z } from 'zod';
import type { CallToolResult, Tool } from '@modelcontextprotocol/server';
import type { TaskBehaviour } from './tasks/serve-tasks.ts';
import type { TaskWorkContext } from './tasks/task-store.ts';

/**
 * A tool has two halves: the public definition that tools/list sends out, and the
 * private handler that never leaves the server. The registry keeps both, keyed by name.
 */

/** One step of a tool's own work, as the tool counts it (the server numbers it on the wire). */
export type ProgressUpdate = { progress: number; total?: number; message?: string };

/** What a handler gets besides its arguments. */
export type ToolContext = {
  /** Aborted when the client cancels the call or goes away: long work should stop. */
  signal: AbortSignal;
  /** Sends a notifications/progress of the tool's own; does nothing when the client asked for no progress. */
  reportProgress: (update: ProgressUpdate) => Promise<void>;
  /** Sends notifications/tools/list_changed on this call's stream, for a tool that changes the server's list. */
  notifyToolsChanged?: () => Promise<void>;
  /** What the client answered to this call's earlier input_required round (or, in 2025-11-25, to the request the SDK sent it). */
  inputResponses?: Record<string, unknown>;
  /** The origin the client addressed this server by, for links the tool hands out (a URL-mode elicitation). */
  serverOrigin?: string;
  /**
   * The run this call belongs to: the trace id of the W3C traceparent the host sends in
   * `_meta` (one per run, in both eras). State a tool changes is kept per run, so one
   * learner's run never changes another's; a call without one gets state of its own.
   */
  runKey?: string;
  /** When the call runs as a task: saying what it does (statusMessage), and asking the client mid-task. */
  task?: Pick<TaskWorkContext, 'say' | 'askClient'>;
};

export type ToolDefinition<Input extends z.ZodObject = z.ZodObject, Output = unknown> = {
  name: string;
  title?: string;
  description: string;
  input: Input;
  /** The shape of the result's structuredContent, published as outputSchema. */
  output?: z.ZodObject;
  annotations?: Tool['annotations'];
  /** The definition's `_meta`, published as it is: a tool's view (MCP Apps) is named here. */
  meta?: Tool['_meta'];
  /**
   * How many progress reports the handler makes for these arguments, for a tool that
   * reports any: the server announces the call's whole total from it before the first.
   */
  progressSteps?: (input: z.infer<Input>) => number;
  /**
   * The handler may answer input_required (sampling, elicitation). On a 2025-11-25
   * request the SDK then runs it again under the same progress token once the client
   * has answered, so the call's total is not known until the tool has its answer.
   */
  asksClient?: true;
  /** The tool runs as a task (tools/list says so in execution.taskSupport): the call answers with the task, the work goes on. */
  task?: TaskBehaviour;
  /** The work itself: receives validated arguments, returns a plain value. */
  handler: (input: z.infer<Input>, context: ToolContext) => Promise<Output> | Output;
  /** How the server packages the handler's value as an MCP result. */
  present: (output: Output, input: z.infer<Input>) => CallToolResult;
};

export type RegisteredTool = {
  definition: Tool;
  input: z.ZodObject;
  output?: z.ZodObject;
  progressSteps?: (input: unknown) => number;
  asksClient?: true;
  task?: TaskBehaviour;
  handler: (input: unknown, context: ToolContext) => Promise<unknown>;
  present: (output: unknown, input: unknown) => CallToolResult;
};

export function defineTool<Input extends z.ZodObject, Output>(tool: ToolDefinition<Input, Output>): RegisteredTool {
  const definition: Tool = {
    name: tool.name,
    ...(tool.title ? { title: tool.title } : {}),
    description: tool.description,
    inputSchema: convertToJsonSchema(tool.input, 'input') as Tool['inputSchema'],
    ...(tool.output ? { outputSchema: convertToJsonSchema(tool.output, 'output') as Tool['outputSchema'] } : {}),
    ...(tool.annotations ? { annotations: tool.annotations } : {}),
    ...(tool.meta ? { _meta: tool.meta } : {}),
    ...(tool.task ? { execution: { taskSupport: tool.task.support } } : {}),
  };
  return {
    definition,
    input: tool.input,
    ...(tool.output ? { output: tool.output } : {}),
    ...(tool.progressSteps ? { progressSteps: (input: unknown) => tool.progressSteps!(input as z.infer<Input>) } : {}),
    ...(tool.asksClient ? { asksClient: true as const } : {}),
    ...(tool.task ? { task: tool.task } : {}),
    handler: async (input, context) => tool.handler(input as z.infer<Input>, context),
    present: (output, input) => tool.present(output as Output, input as z.infer<Input>),
  };
}

/** JSON Schema without the $schema dialect line: MCP assumes 2020-12, and some providers refuse the key. */
function convertToJsonSchema(schema: z.ZodObject, io: 'input' | 'output'): Record<string, unknown> {
  const { $schema: _dialect, ...jsonSchema } = z.toJSONSchema(schema, { io }) as Record<string, unknown>;
  return jsonSchema;
}

/** The tools an endpoint serves; a registry whose list changes may answer each run (runKey: its trace id) apart. */
export type ToolRegistry = {
  list(runKey?: string): Tool[];
  get(name: string, runKey?: string): RegisteredTool | undefined;
};

export function createToolRegistry(tools: RegisteredTool[]): ToolRegistry {
  const byName = new Map(tools.map((tool) => [tool.definition.name, tool]));
  if (byName.size !== tools.length) throw new Error('Two tools share a name; tool names must be unique.');
  return {
    list: () => tools.map((tool) => tool.definition),
    get: (name) => byName.get(name),
  };
}

/** A registry whose tools can change while it serves (the toolbox's unlockable tool): each read asks for the tools listed now for that run. */
export function createChangingToolRegistry(listTools: (runKey: string | undefined) => RegisteredTool[]): ToolRegistry {
  return {
    list: (runKey) => createToolRegistry(listTools(runKey)).list(),
    get: (name, runKey) => createToolRegistry(listTools(runKey)).get(name),
  };
}
