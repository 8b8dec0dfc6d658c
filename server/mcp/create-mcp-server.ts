import { ProtocolError, ProtocolErrorCode, Server } from '@modelcontextprotocol/server';
import type { CallToolResult, Notification, ServerContext } from '@modelcontextprotocol/server';
import type { z } from 'zod';
import {
  SERVER_STAGE_META_KEY,
  type ArgumentCheck,
  type ServerStageReport,
} from '../../src/mcp/server-report.ts';
import type { ToolRegistry } from './tool-registry.ts';

export const SERVER_INFO = { name: 'mcp-lifecycle-explorer-server', version: '0.1.0' };

type ProgressToken = string | number;

/**
 * Builds one low-level MCP server over a tool registry. The server itself looks
 * tools up, validates arguments and runs handlers, so it can report each of those
 * steps truthfully, as progress notifications in the response stream, whenever the
 * client asked for progress (a progressToken in the request's _meta).
 */
export function createMcpServer(registry: ToolRegistry): Server {
  const server = new Server(SERVER_INFO, {
    capabilities: { tools: {} },
    instructions: 'A teaching server: every tool reports its registry lookup, validation and execution as progress.',
  });

  server.setRequestHandler('tools/list', async (request, context) => {
    const tools = registry.list();
    await reportStage(context, request.params?._meta?.progressToken, {
      progress: 1,
      total: 1,
      message: `Registry read: ${tools.length} tool${tools.length === 1 ? '' : 's'} (${tools.map((tool) => tool.name).join(', ')}). Definitions go out; handlers stay on the server.`,
      report: { stage: 'registry-read', tools: tools.map((tool) => tool.name) },
    });
    return { tools };
  });

  server.setRequestHandler('tools/call', async (request, context) => {
    const { name, arguments: rawArguments } = request.params;
    const token = request.params._meta?.progressToken;
    const tool = registry.get(name);
    await reportStage(context, token, {
      progress: 1,
      total: 3,
      message: tool ? `Registry lookup: found ${name}.` : `Registry lookup: no tool named ${name}.`,
      report: { stage: 'registry-lookup', name, found: Boolean(tool) },
    });
    if (!tool) {
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Tool ${name} not found`);
    }

    const argumentsGiven = rawArguments ?? {};
    const parsed = tool.input.safeParse(argumentsGiven);
    const checks = checkArguments(tool.input, argumentsGiven, parsed.success ? [] : parsed.error.issues);
    await reportStage(context, token, {
      progress: 2,
      total: 3,
      message: `Validation: ${checks.map(describeCheck).join(', ')}${parsed.success ? '' : ' (rejected)'}.`,
      report: { stage: 'validate-arguments', name, valid: parsed.success, arguments: checks },
    });
    if (!parsed.success) {
      const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(arguments)'}: ${issue.message}`);
      return errorResult(`Input validation error: Invalid arguments for tool ${name}: ${problems.join('; ')}`);
    }

    let returned: unknown;
    try {
      returned = await tool.handler(parsed.data, { signal: context.mcpReq.signal });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await reportStage(context, token, {
        progress: 3,
        total: 3,
        message: `Execution: ${name} failed: ${message}.`,
        report: { stage: 'execute', name, arguments: parsed.data, error: message },
      });
      return errorResult(`Tool ${name} failed: ${message}`);
    }
    await reportStage(context, token, {
      progress: 3,
      total: 3,
      message: `Execution: ${name}(${Object.values(parsed.data).map(formatValue).join(', ')}) returned ${formatValue(returned)}.`,
      report: { stage: 'execute', name, arguments: parsed.data, returned },
    });
    return tool.present(returned, parsed.data);
  });

  return server;
}

function errorResult(text: string): CallToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}

async function reportStage(
  context: ServerContext,
  token: ProgressToken | undefined,
  stage: { progress: number; total: number; message: string; report: ServerStageReport },
): Promise<void> {
  if (token === undefined) return;
  const notification: Notification = {
    method: 'notifications/progress',
    params: {
      progressToken: token,
      progress: stage.progress,
      total: stage.total,
      message: stage.message,
      _meta: { [SERVER_STAGE_META_KEY]: stage.report },
    },
  };
  await context.mcpReq.notify(notification);
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

function describeExpectedType(field: z.ZodType): string {
  const type = (field as { def?: { type?: string } }).def?.type;
  return type ?? 'value';
}

function describeCheck(check: ArgumentCheck): string {
  return `${check.name} = ${formatValue(check.value)} ${check.valid ? '✓' : '✗'} ${check.expected}`;
}

function formatValue(value: unknown): string {
  if (value === undefined) return 'missing';
  return JSON.stringify(value) ?? String(value);
}
