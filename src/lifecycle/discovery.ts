import type { McpTool, ToolNameMap } from '../providers/types.ts';
import { HostFault } from './faults.ts';
import { explainMcpError, guardMcpCall } from './guard-mcp-call.ts';
import { McpConnection } from './mcp-connection.ts';
import type { RunContext } from './run-context.ts';
import { WAIT_FOR_LEARNER_MS } from './timeouts.ts';

/**
 * Discovery, steps 1-7: the question, the host asking its MCP client for tools, the
 * handshake and tools/list on the wire, and translation #1 of the tools into the
 * provider's format.
 */

/** The MCP server's address as a URL, or a fault that says how to write it. */
function readMcpUrl(address: string): URL {
  let url: URL | undefined;
  try {
    url = new URL(address);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new HostFault(
      {
        what: `The MCP server address “${address}” is not an http or https URL.`,
        why: 'Streamable HTTP servers are reached by a full URL, scheme included.',
        fix: 'Write the whole address, for example http://127.0.0.1:3000/mcp, then press Reset.',
      },
      'discovery',
    );
  }
  return url;
}

/** Opens the MCP session (the handshake), and records which protocol version the server agreed to. */
async function connectToServer(context: RunContext): Promise<McpConnection> {
  const { options, hostStep } = context;
  const connection = new McpConnection({
    url: readMcpUrl(options.mcpUrl),
    era: options.era,
    fetch: context.mcpFetch,
    onSessionLost: async () => {
      await hostStep('host.new-session', {
        payload: { reason: 'The server answered 404 for the session id: it no longer knows this session.', action: 'start a new session, then send the same request again' },
      });
    },
  });
  context.state.connection = connection;
  try {
    await guardMcpCall(context, 'while connecting', (signal) => connection.connect(signal));
  } catch (error) {
    throw explainMcpError(context, error, 'while connecting');
  }
  context.trace.mcp.protocolVersion = connection.protocolVersion;
  return connection;
}

async function listTools(context: RunContext, connection: McpConnection): Promise<McpTool[]> {
  try {
    const listed = await guardMcpCall(context, 'during tools/list', (signal) =>
      connection.request((client) => client.listTools(undefined, { onprogress: () => {}, timeout: WAIT_FOR_LEARNER_MS, signal })),
    );
    return listed.tools;
  } catch (error) {
    throw explainMcpError(context, error, 'during tools/list');
  }
}

/** Runs discovery to the tools in the provider's format, with the names it had to change. */
export async function discoverTools(context: RunContext): Promise<{ tools: unknown; nameMap: ToolNameMap }> {
  const { options, hostStep } = context;
  await hostStep('user.question', { payload: { question: options.question } });
  if (options.question.trim() === '') {
    throw new HostFault({
      what: 'The question is empty.',
      why: 'The host has nothing to ask the model.',
      fix: 'Type a question, for example “What is 5 plus 7?”, and press Next.',
    });
  }
  await hostStep('host.start-discovery', {
    payload: { action: 'connect to the MCP server and list its tools', server: options.mcpUrl, era: options.era },
  });

  const connection = await connectToServer(context);
  const tools = await listTools(context, connection);
  await context.traffic.answered('tools/list');
  await hostStep('client.tools-to-host', { payload: { tools } });

  const translated = context.adapter.prepareTools({ tools, strict: options.provider.strict ?? false });
  await hostStep('host.translate-tools', {
    payload: translated.result.tools,
    translation: { number: 1, input: tools, output: translated.result.tools, warnings: translated.warnings, changes: translated.changes },
  });
  return translated.result;
}
