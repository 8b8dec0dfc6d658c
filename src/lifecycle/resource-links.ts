import { ProtocolError, type ReadResourceResult } from '@modelcontextprotocol/client';
import type { McpToolResult } from '../providers/index.ts';
import { explainMcpError, guardMcpCall, type McpCallContext } from './guard-mcp-call.ts';
import type { RunSlice } from './run-context.ts';
import { WAIT_FOR_LEARNER_MS } from './timeouts.ts';

/** What reading resources needs: the connection, the gate and the recorded traffic. */
export type ResourceLinksContext = McpCallContext & RunSlice<'traffic' | 'hostStep', never, 'connection'>;

/**
 * Resources as this host treats them. The model cannot open a URI, so when a tool result
 * links a resource (resource_link), the host reads it through its MCP client and decides
 * what goes into the model's context: the text of a small text resource, as an embedded
 * resource after the tool's own content. A blob, a long text or a link past the first
 * few stays out, and the step says why: what the model sees is the host's choice.
 */

/** Links read per tool result at most: a server may send many, and each costs a request and context. */
export const MAX_LINKS_READ = 3;
/** The most text of one resource the host puts into the model's context. */
export const MAX_CONTEXT_CHARACTERS = 8_000;

type ResourceLink = Extract<McpToolResult['content'][number], { type: 'resource_link' }>;
type EmbeddedResource = Extract<McpToolResult['content'][number], { type: 'resource' }>;

const requestOptions = { onprogress: () => {}, timeout: WAIT_FOR_LEARNER_MS };

/** resources/list, when the run asks for it: the host learns what there is to read; nothing of the list goes to the model. */
export async function listResources(context: ResourceLinksContext): Promise<void> {
  const { connection } = context.state;
  if (!connection) throw new Error('The MCP client is not connected.');
  try {
    await guardMcpCall(context, 'during resources/list', (signal) =>
      connection.request((client) => client.listResources(undefined, { ...requestOptions, signal })),
    );
    await context.traffic.answered('resources/list');
  } catch (error) {
    throw explainMcpError(context, error, 'during resources/list');
  }
}

/** What of one read resource goes into the context, and why. */
function decideContext(contents: ReadResourceResult['contents']): { blocks: EmbeddedResource[]; reason: string } {
  const texts = contents.flatMap((content) =>
    'text' in content && typeof content.text === 'string'
      ? [{ uri: content.uri, text: content.text, ...(content.mimeType ? { mimeType: content.mimeType } : {}) }]
      : [],
  );
  const length = texts.reduce((sum, content) => sum + content.text.length, 0);
  if (texts.length === 0) return { blocks: [], reason: 'The resource has no text (a blob): the host does not put binary data into the model’s context.' };
  if (length > MAX_CONTEXT_CHARACTERS)
    return {
      blocks: [],
      reason: `The text is ${length} characters, more than the ${MAX_CONTEXT_CHARACTERS} this host puts into the model’s context for one resource.`,
    };
  const skipped = contents.length - texts.length;
  return {
    blocks: texts.map((resource) => ({ type: 'resource', resource })),
    reason: `A text resource of ${length} characters: the host adds it to the tool result as an embedded resource, so the model reads it with the result.${skipped > 0 ? ` ${skipped} binary part(s) stay out.` : ''}`,
  };
}

async function readOneLink(context: ResourceLinksContext, link: ResourceLink): Promise<EmbeddedResource[]> {
  const { connection } = context.state;
  if (!connection) throw new Error('The MCP client is not connected.');
  await context.hostStep('host.read-resource-link', {
    payload: {
      uri: link.uri,
      name: link.name,
      ...(link.mimeType ? { mimeType: link.mimeType } : {}),
      action: 'resources/read, on the host’s own account: the model cannot open a URI',
    },
  });
  try {
    const read = await guardMcpCall(context, 'during resources/read', (signal) =>
      connection.request((client) => client.readResource({ uri: link.uri }, { ...requestOptions, signal })),
    );
    await context.traffic.answered('resources/read');
    const decision = decideContext(read.contents);
    await context.hostStep('host.resource-to-context', { payload: { uri: link.uri, included: decision.blocks.length > 0, reason: decision.reason } });
    return decision.blocks;
  } catch (error) {
    if (!(error instanceof ProtocolError) || context.signal.aborted) throw explainMcpError(context, error, 'during resources/read');
    // The server could not give it: the model still gets the tool's answer, with the link as text.
    await context.traffic.answered('resources/read');
    await context.hostStep('host.resource-to-context', {
      payload: {
        uri: link.uri,
        included: false,
        reason: `The server refused resources/read (MCP error ${error.code}: ${error.message}); the model gets the link as text only.`,
      },
    });
    return [];
  }
}

/** The tool result as the model will get it: the server's content, then what the host read of each linked resource. */
export async function readResourceLinks(context: ResourceLinksContext, result: McpToolResult): Promise<McpToolResult> {
  const links = result.content.filter((block): block is ResourceLink => block.type === 'resource_link');
  if (links.length === 0 || result.isError) return result;
  const added: EmbeddedResource[] = [];
  for (const link of links.slice(0, MAX_LINKS_READ)) added.push(...(await readOneLink(context, link)));
  if (links.length > MAX_LINKS_READ) {
    await context.hostStep('host.resource-to-context', {
      payload: {
        included: false,
        reason: `The result links ${links.length} resources; the host reads the first ${MAX_LINKS_READ} and leaves the rest as links.`,
        unread: links.slice(MAX_LINKS_READ).map((link) => link.uri),
      },
    });
  }
  return added.length > 0 ? { ...result, content: [...result.content, ...added] } : result;
}
