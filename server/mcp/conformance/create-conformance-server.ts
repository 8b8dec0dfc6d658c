import { isInputRequiredResult, ProtocolError, ProtocolErrorCode, type Server } from '@modelcontextprotocol/server';
import type { CallToolResult, ServerContext } from '@modelcontextprotocol/server';
import { answerWithTask, decideTaskDispatch, describeTaskCapabilities, serveTaskMethods, TaskServingServer, type TaskEra } from '../tasks/serve-tasks.ts';
import { TaskProtocolError, type TaskStore, type TaskWorkContext } from '../tasks/task-store.ts';
import { conformanceTaskTools, type ConformanceTaskTool } from './conformance-task-tools.ts';
import { completeConformanceArgument, conformancePrompts, getConformancePrompt } from './conformance-prompts.ts';
import {
  conformanceResources,
  conformanceResourceTemplates,
  createWatchedResourceState,
  isKnownResource,
  readConformanceResource,
} from './conformance-resources.ts';
import { getInputRequiredPrompt, INPUT_REQUIRED_PROMPT, inputRequiredConformanceTools } from './conformance-input-required-tools.ts';
import { statelessConformanceTools } from './conformance-stateless-tools.ts';
import { conformanceTools } from './conformance-tools.ts';

export const CONFORMANCE_SERVER_INFO = { name: 'mcp-lifecycle-explorer-conformance', version: '0.1.0' };

const plainTools = [...conformanceTools, ...inputRequiredConformanceTools, ...statelessConformanceTools];
const toolsByName = new Map(plainTools.map((tool) => [tool.definition.name, tool]));
const taskToolsByName = new Map(conformanceTaskTools.map((tool) => [tool.definition.name, tool]));

/**
 * Builds the server of /mcp/conformance: every fixture of the official conformance
 * suite (tools, resources and a template, subscriptions, prompts, logging,
 * completions), one instance per 2025-11-25 session or per 2026-07-28 request. It
 * answers what the suite asks for and nothing more: the teaching reports of the
 * other endpoints (registry lookup, validation, execution as progress) would be
 * extra notifications the suite's checks do not expect.
 */
export function createConformanceServer(options: { tasks?: { store: TaskStore; era: TaskEra } } = {}): Server {
  const { tasks } = options;
  const server = new TaskServingServer(CONFORMANCE_SERVER_INFO, {
    capabilities: {
      tools: {},
      resources: { subscribe: true },
      prompts: {},
      logging: {},
      completions: {},
      ...(tasks ? describeTaskCapabilities(tasks.era) : {}),
    },
    instructions: "The official MCP conformance suite's fixtures (test_* tools, test:// resources, test_* prompts), implemented for real.",
  });
  const watched = createWatchedResourceState();

  if (tasks) serveTaskMethods(server, tasks.store, tasks.era);
  const listed = [...plainTools, ...(tasks ? conformanceTaskTools : [])].map((tool) => tool.definition);
  server.setRequestHandler('tools/list', () => ({ tools: listed }));

  server.setRequestHandler('tools/call', async (request, context) => {
    const { name, arguments: given } = request.params;
    const taskTool = tasks && taskToolsByName.get(name);
    if (taskTool) return callTaskTool({ server, tasks, tool: taskTool, params: request.params, context });
    const tool = toolsByName.get(name);
    if (!tool) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Tool ${name} not found`);
    const parsed = tool.arguments.safeParse(given ?? {});
    if (!parsed.success) {
      const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(arguments)'}: ${issue.message}`);
      return errorResult(`Input validation error: Invalid arguments for tool ${name}: ${problems.join('; ')}`);
    }
    try {
      return await tool.run(parsed.data, context, watched);
    } catch (error) {
      // A protocol error (a requestState that fails its check) is the call's JSON-RPC error, not a tool's failure.
      if (error instanceof ProtocolError) throw error;
      return errorResult(`Tool ${name} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  });

  server.setRequestHandler('resources/list', () => ({ resources: conformanceResources }));
  server.setRequestHandler('resources/templates/list', () => ({ resourceTemplates: conformanceResourceTemplates }));
  server.setRequestHandler('resources/read', (request) => {
    const contents = readConformanceResource(request.params.uri, watched);
    if (!contents) throw unknownResource(request.params.uri);
    return contents;
  });
  server.setRequestHandler('resources/subscribe', (request) => {
    if (!isKnownResource(request.params.uri, watched)) throw unknownResource(request.params.uri);
    watched.subscribe(request.params.uri);
    return {};
  });
  server.setRequestHandler('resources/unsubscribe', (request) => {
    watched.unsubscribe(request.params.uri);
    return {};
  });

  server.setRequestHandler('prompts/list', () => ({ prompts: [...conformancePrompts, INPUT_REQUIRED_PROMPT] }));
  server.setRequestHandler('prompts/get', (request, context) =>
    request.params.name === INPUT_REQUIRED_PROMPT.name ? getInputRequiredPrompt(context) : getConformancePrompt(request.params.name, request.params.arguments),
  );
  server.setRequestHandler('completion/complete', (request) => completeConformanceArgument(request.params));

  return server;
}

/**
 * A task fixture: its multi round-trip round first (if it has one), then a task when the
 * client can take one, else the same work as an ordinary call (which cannot ask the client).
 */
async function callTaskTool({
  server,
  tasks,
  tool,
  params,
  context,
}: {
  server: Server;
  tasks: { store: TaskStore; era: TaskEra };
  tool: ConformanceTaskTool;
  params: Record<string, unknown> & { name: string };
  context: ServerContext;
}) {
  const parsed = tool.arguments.safeParse(params.arguments ?? {});
  if (!parsed.success)
    return errorResult(`Input validation error: Invalid arguments for tool ${params.name}: ${parsed.error.issues.map((issue) => issue.message).join('; ')}`);
  const prepared = tool.prepare?.(parsed.data, context) ?? { carry: {} };
  if (isInputRequiredResult(prepared)) return prepared;
  if (decideTaskDispatch({ server, era: tasks.era, params, behaviour: tool.task, name: params.name }) === 'task') {
    return answerWithTask({
      store: tasks.store,
      era: tasks.era,
      behaviour: tool.task,
      statusMessage: `${params.name} has started.`,
      work: (task) => tool.work(parsed.data, task, prepared.carry),
    });
  }
  const inline: TaskWorkContext = {
    signal: context.mcpReq.signal,
    say: () => {},
    askClient: () => Promise.reject(new Error(`${params.name} asks the client only when it runs as a task; declare the tasks extension to run it as one.`)),
  };
  try {
    return await tool.work(parsed.data, inline, prepared.carry);
  } catch (error) {
    if (error instanceof TaskProtocolError) throw new ProtocolError(error.error.code, error.error.message, error.error.data);
    return errorResult(`Tool ${params.name} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

function errorResult(text: string): CallToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}

/** The SDK answers a resources/read miss with -32602 in every era, as the 2026-07-28 spec requires. */
function unknownResource(uri: string): ProtocolError {
  const known = [...conformanceResources.map((resource) => resource.uri), ...conformanceResourceTemplates.map((template) => template.uriTemplate)];
  return new ProtocolError(ProtocolErrorCode.InvalidParams, `Resource ${uri} not found. The resources here are ${known.join(', ')}.`, { uri });
}
