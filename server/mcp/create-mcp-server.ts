import { isInputRequiredResult, ProtocolError, ProtocolErrorCode, type CacheHint, type Server } from '@modelcontextprotocol/server';
import type { CallToolResult, InputRequiredResult } from '@modelcontextprotocol/server';
import type { z } from 'zod';
import type { ArgumentCheck } from '../../src/trace/index.ts';
import { shareCancellation, type InFlightCalls } from './in-flight-calls.ts';
import { describeCatalogCapabilities, serveCatalog, type ServerCatalog } from './server-catalog.ts';
import { createProgressChannel, type ProgressChannel } from './progress-channel.ts';
import { answerWithTask, decideTaskDispatch, describeTaskCapabilities, serveTaskMethods, TaskServingServer, type TaskEra } from './tasks/serve-tasks.ts';
import { TaskProtocolError, type TaskStore } from './tasks/task-store.ts';
import type { RegisteredTool, ToolRegistry } from './tool-registry.ts';
import { readRunKey } from './run-key.ts';

export const SERVER_INFO = { name: 'mcp-lifecycle-explorer-server', version: '0.1.0' };

/**
 * Builds one low-level MCP server over a tool registry. The server itself looks
 * tools up, validates arguments and runs handlers, so it can report each of those
 * steps truthfully, as progress notifications in the response stream, whenever the
 * client asked for progress (a progressToken in the request's _meta).
 */
export type McpServerOptions = {
  inFlight?: InFlightCalls;
  catalog?: ServerCatalog;
  /** The endpoint's tasks (its task tools answer with one): shared by its instances, served in the instance's era. */
  tasks?: { store: TaskStore; era: TaskEra };
  /**
   * How a 2026-07-28 instance says its tool list changed: on the endpoint's open
   * subscriptions/listen streams of the run whose list it was (the spec sends list_changed
   * nowhere else). Without it, the 2025-11-25 way: on the stream of the call that changed the list.
   */
  publishToolsChanged?: (runKey: string | undefined) => void;
  /** What a 2026-07-28 tools/list says of its freshness and scope (tool-list-cache.ts); without it the SDK's ttlMs 0, private. */
  toolListCache?: CacheHint;
};

export function createMcpServer(registry: ToolRegistry, options: McpServerOptions = {}): Server {
  const { catalog, tasks } = options;
  const server = new TaskServingServer(SERVER_INFO, {
    capabilities: { ...(catalog ? describeCatalogCapabilities(catalog) : { tools: {} }), ...(tasks ? describeTaskCapabilities(tasks.era) : {}) },
    instructions: 'A teaching server: every tool reports its registry lookup, validation and execution as progress.',
    ...(options.toolListCache ? { cacheHints: { 'tools/list': options.toolListCache } } : {}),
  });
  // A stateless instance shares its endpoint's calls in flight, so a cancel sent in another POST can reach them.
  if (options.inFlight) shareCancellation(server, options.inFlight);
  if (catalog) serveCatalog(server, catalog);
  if (tasks) serveTaskMethods(server, tasks.store, tasks.era);
  serveToolList(server, registry);
  serveToolCalls(server, registry, options);
  return server;
}

function serveToolList(server: Server, registry: ToolRegistry): void {
  server.setRequestHandler('tools/list', async (request, context) => {
    const tools = registry.list(readRunKey(request.params?._meta).runKey);
    const channel = createProgressChannel((notification) => context.mcpReq.notify(notification), request.params?._meta?.progressToken);
    await channel.reportStage({
      progress: 1,
      total: 1,
      message: `Registry read: ${tools.length} tool${tools.length === 1 ? '' : 's'} (${tools.map((tool) => tool.name).join(', ')}). Definitions go out; handlers stay on the server.`,
      report: { stage: 'registry-read', tools: tools.map((tool) => tool.name) },
    });
    return { tools };
  });
}

function serveToolCalls(server: Server, registry: ToolRegistry, options: McpServerOptions): void {
  const { tasks } = options;
  // The last progress value of each call under way that answered input_required, by token (see createProgressChannel's startAfter).
  const progressBeforeRerun = new Map<string | number, number>();
  server.setRequestHandler('tools/call', async (request, context) => {
    const { name, arguments: rawArguments } = request.params;
    const token = request.params._meta?.progressToken;
    const startAfter = token !== undefined && context.mcpReq.inputResponses ? (progressBeforeRerun.get(token) ?? 0) : 0;
    if (token !== undefined) progressBeforeRerun.delete(token);
    const channel = createProgressChannel((notification) => context.mcpReq.notify(notification), token, startAfter);
    const tool = registry.get(name, readRunKey(request.params._meta).runKey);
    // A 2025-11-25 call of a tool that may ask the client can run again under this token: its total waits for the answer.
    const totalWaits = tool?.asksClient === true && !isServedModern(server);
    await channel.reportStage({
      progress: 1,
      // A tool with steps of its own has a total that depends on its arguments, not yet validated.
      total: tool?.progressSteps || totalWaits ? undefined : 3,
      message: tool ? `Registry lookup: found ${name}.` : `Registry lookup: no tool named ${name}.`,
      report: { stage: 'registry-lookup', name, found: Boolean(tool) },
    });
    if (!tool) {
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Tool ${name} not found`);
    }

    const argumentsGiven = rawArguments ?? {};
    const parsed = tool.input.safeParse(argumentsGiven);
    const checks = checkArguments(tool.input, argumentsGiven, parsed.success ? [] : parsed.error.issues);
    await channel.reportStage({
      progress: 2,
      // A failed validation ends the call here, so its total is known even when it would otherwise wait.
      total: totalWaits && parsed.success ? undefined : 3 + (parsed.success ? (tool.progressSteps?.(parsed.data) ?? 0) : 0),
      message: `Validation: ${checks.map(describeCheck).join(', ')}${parsed.success ? '' : ' (rejected)'}.`,
      report: { stage: 'validate-arguments', name, valid: parsed.success, arguments: checks },
    });
    if (!parsed.success) {
      const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(arguments)'}: ${issue.message}`);
      return errorResult(`Input validation error: Invalid arguments for tool ${name}: ${problems.join('; ')}`);
    }
    if (tool.task && tasks && decideTaskDispatch({ server, era: tasks.era, params: request.params, behaviour: tool.task, name }) === 'task') {
      const origin = { ...readServerOrigin(context.http?.req), ...readRunKey(request.params._meta) };
      return startToolTask({ tasks, tool, behaviour: tool.task, name, data: parsed.data, channel, origin });
    }

    let returned: unknown;
    const finished = options.inFlight?.track(context.mcpReq.id, server);
    try {
      returned = await tool.handler(parsed.data, {
        signal: context.mcpReq.signal,
        reportProgress: channel.reportToolProgress,
        notifyToolsChanged: options.publishToolsChanged
          ? async () => options.publishToolsChanged?.(readRunKey(request.params._meta).runKey)
          : () => context.mcpReq.notify({ method: 'notifications/tools/list_changed' }),
        ...(context.mcpReq.inputResponses ? { inputResponses: context.mcpReq.inputResponses } : {}),
        ...readServerOrigin(context.http?.req),
        ...readRunKey(request.params._meta),
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await channel.reportFinalStage({
        message: `Execution: ${name} failed: ${message}.`,
        report: { stage: 'execute', name, arguments: parsed.data, error: message },
      });
      return errorResult(`Tool ${name} failed: ${message}`);
    } finally {
      finished?.();
    }
    if (isInputRequiredResult(returned)) {
      await reportInputRequired({ channel, tool, name, data: parsed.data, returned, totalWaits });
      if (token !== undefined) progressBeforeRerun.set(token, channel.readLastProgress());
      return returned;
    }
    await channel.reportFinalStage({
      message: `Execution: ${name}(${Object.values(parsed.data).map(formatValue).join(', ')}) returned ${formatValue(returned)}.`,
      report: { stage: 'execute', name, arguments: parsed.data, returned: shortenLongStrings(returned) },
    });
    return checkStructuredContent(tool, tool.present(returned, parsed.data));
  });
}

/** The tool asked the client first: its stage says what it asked, and the call answers input_required. */
async function reportInputRequired({
  channel,
  tool,
  name,
  data,
  returned,
  totalWaits,
}: {
  channel: ProgressChannel;
  tool: RegisteredTool;
  name: string;
  data: unknown;
  returned: InputRequiredResult;
  totalWaits: boolean;
}): Promise<void> {
  const asked = Object.values(returned.inputRequests ?? {}).map((request) => request.method);
  if (!tool.asksClient)
    throw new Error(`The tool ${name} answered input_required but does not declare asksClient: its progress total would have to change when it runs again`);
  const stage = {
    message: `Execution: ${name} needs the client's input first (${asked.join(', ')}); the call answers input_required and runs again with the answer.`,
    report: { stage: 'execute' as const, name, arguments: data, returned: { resultType: 'input_required', asks: asked } },
  };
  // In 2026-07-28 this request ends here (the client sends a new one); in 2025-11-25 it goes on, so it is no end yet.
  await (totalWaits ? channel.reportPausingStage(stage) : channel.reportFinalStage(stage));
}

/** The call goes on as a task: its answer is the task, and the tool runs in the background under the task's signal. */
async function startToolTask({
  tasks,
  tool,
  behaviour,
  name,
  data,
  channel,
  origin,
}: {
  tasks: NonNullable<McpServerOptions['tasks']>;
  tool: RegisteredTool;
  behaviour: NonNullable<RegisteredTool['task']>;
  name: string;
  data: Record<string, unknown>;
  channel: ProgressChannel;
  origin: { serverOrigin?: string; runKey?: string };
}): Promise<never> {
  await channel.reportFinalStage({
    message: `Execution: ${name}(${Object.values(data).map(formatValue).join(', ')}) goes on as a task; the call answers with the task now, and its result comes later.`,
    report: { stage: 'execute', name, arguments: data, returned: { task: 'created' } },
  });
  return answerWithTask({
    store: tasks.store,
    era: tasks.era,
    behaviour,
    statusMessage: `${name} has started.`,
    work: async (task) => {
      try {
        const returned = await tool.handler(data, { signal: task.signal, reportProgress: async () => {}, task, ...origin });
        return checkStructuredContent(tool, tool.present(returned, data));
      } catch (error) {
        // A failure of the tool is a tool error (isError), as in a call; only a protocol error fails the task itself.
        if (task.signal.aborted || !(error instanceof Error) || error instanceof TaskProtocolError) throw error;
        return errorResult(`Tool ${name} failed: ${error.message}`);
      }
    },
  });
}

/**
 * Whether this instance serves the 2026-07-28 era, where a tool's input_required ends the
 * request; on a 2025-11-25 one the SDK asks the client and runs the handler again within it.
 */
function isServedModern(server: Server): boolean {
  const version = server.getNegotiatedProtocolVersion();
  return version !== undefined && version >= '2026-07-28';
}

/** The origin the client used to reach the server, when the request says (a Service Worker's request does too). */
function readServerOrigin(request: Request | undefined): { serverOrigin?: string } {
  if (!request) return {};
  try {
    return { serverOrigin: new URL(request.url).origin };
  } catch {
    return {};
  }
}

function errorResult(text: string): CallToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}

/**
 * A client validates structuredContent against the published outputSchema and
 * refuses the whole result when it does not match; checking here first turns our
 * own mistake into a readable isError result instead of a client-side failure.
 */
function checkStructuredContent(tool: RegisteredTool, result: CallToolResult): CallToolResult {
  if (!tool.output || result.isError) return result;
  const checked = tool.output.safeParse(result.structuredContent);
  if (checked.success) return result;
  const problems = checked.error.issues.map((issue) => `${issue.path.join('.') || '(structuredContent)'}: ${issue.message}`);
  return errorResult(`Tool ${tool.definition.name} returned structuredContent that does not match its outputSchema: ${problems.join('; ')}`);
}

/** One line per declared argument: its value, the type the schema wants, and whether it passed. */
function checkArguments(schema: z.ZodObject, given: Record<string, unknown>, issues: z.core.$ZodIssue[]): ArgumentCheck[] {
  const checks: ArgumentCheck[] = Object.entries(schema.shape).map(([name, field]) => {
    const problem = issues.find((issue) => issue.path[0] === name)?.message;
    return {
      name,
      value: given[name],
      expected: describeExpectedType(field as z.ZodType),
      valid: problem === undefined,
      ...(problem ? { problem } : {}),
    };
  });
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        checks.push({ name: key, value: given[key], expected: 'not in the schema', valid: false, problem: issue.message });
      }
    }
  }
  return checks;
}

/** The type a field wants, in words a learner reads in the validation report. */
function describeExpectedType(field: z.ZodType): string {
  const definition = (field as { def?: { type?: string; innerType?: z.ZodType; element?: z.ZodType; entries?: Record<string, string> } }).def;
  if (!definition?.type) return 'value';
  if (definition.type === 'optional' && definition.innerType) return `${describeExpectedType(definition.innerType)} (optional)`;
  if (definition.type === 'array' && definition.element) return `array of ${describeExpectedType(definition.element)}`;
  if (definition.type === 'enum' && definition.entries) return `one of ${Object.values(definition.entries).join(' | ')}`;
  return definition.type;
}

function describeCheck(check: ArgumentCheck): string {
  return `${check.name} = ${formatValue(check.value)} ${check.valid ? '✓' : '✗'} ${check.expected}`;
}

/** Long values (a PNG as base64, say) are cut in the human-readable reports, saying how long they were. */
function formatValue(value: unknown): string {
  if (value === undefined) return 'missing';
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 120 ? `${text.slice(0, 80)}… (${text.length} characters)` : text;
}

/** The same cut inside the structured report, so a progress notification stays small. */
function shortenLongStrings(value: unknown): unknown {
  if (typeof value === 'string') return value.length > 256 ? `${value.slice(0, 64)}… (${value.length} characters)` : value;
  if (Array.isArray(value)) return value.map(shortenLongStrings);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, shortenLongStrings(entry)]));
  }
  return value;
}
