import { ProtocolError, ProtocolErrorCode, Server } from '@modelcontextprotocol/server';
import type { CallToolResult } from '@modelcontextprotocol/server';
import { completeConformanceArgument, conformancePrompts, getConformancePrompt } from './conformance-prompts.ts';
import {
  conformanceResources,
  conformanceResourceTemplates,
  createWatchedResourceState,
  isKnownResource,
  readConformanceResource,
} from './conformance-resources.ts';
import { conformanceTools } from './conformance-tools.ts';

export const CONFORMANCE_SERVER_INFO = { name: 'mcp-lifecycle-explorer-conformance', version: '0.1.0' };

const toolsByName = new Map(conformanceTools.map((tool) => [tool.definition.name, tool]));

/**
 * Builds the server of /mcp/conformance: every fixture of the official conformance
 * suite (tools, resources and a template, subscriptions, prompts, logging,
 * completions), one instance per 2025-11-25 session or per 2026-07-28 request. It
 * answers what the suite asks for and nothing more: the teaching reports of the
 * other endpoints (registry lookup, validation, execution as progress) would be
 * extra notifications the suite's checks do not expect.
 */
export function createConformanceServer(): Server {
  const server = new Server(CONFORMANCE_SERVER_INFO, {
    capabilities: {
      tools: {},
      resources: { subscribe: true },
      prompts: {},
      logging: {},
      completions: {},
    },
    instructions: "The official MCP conformance suite's fixtures (test_* tools, test:// resources, test_* prompts), implemented for real.",
  });
  const watched = createWatchedResourceState();

  server.setRequestHandler('tools/list', () => ({ tools: conformanceTools.map((tool) => tool.definition) }));

  server.setRequestHandler('tools/call', async (request, context) => {
    const { name, arguments: given } = request.params;
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

  server.setRequestHandler('prompts/list', () => ({ prompts: conformancePrompts }));
  server.setRequestHandler('prompts/get', (request) => getConformancePrompt(request.params.name, request.params.arguments));
  server.setRequestHandler('completion/complete', (request) => completeConformanceArgument(request.params));

  return server;
}

function errorResult(text: string): CallToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}

/** The SDK answers a resources/read miss with -32602 in every era, as the 2026-07-28 spec requires. */
function unknownResource(uri: string): ProtocolError {
  const known = [...conformanceResources.map((resource) => resource.uri), ...conformanceResourceTemplates.map((template) => template.uriTemplate)];
  return new ProtocolError(ProtocolErrorCode.InvalidParams, `Resource ${uri} not found. The resources here are ${known.join(', ')}.`, { uri });
}
