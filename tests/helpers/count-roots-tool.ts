import { inputRequired } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { defineTool } from '../../server/mcp/tool-registry.ts';

/**
 * A tool only tests add to the toolbox: it asks the client for its roots (roots/list, which
 * the SDK sends on the call's stream in 2025-11-25 and as input_required in 2026-07-28) and
 * answers with their URIs, so a test sees what the host shared arrive at the server.
 */

const RootsAnswer = z.object({ roots: z.array(z.object({ uri: z.string(), name: z.string().optional() })) });

export const countRootsTool = defineTool({
  name: 'count_roots',
  description: 'Counts the roots the client shares',
  input: z.strictObject({}),
  asksClient: true,
  handler: (_input, context) => {
    const answer = RootsAnswer.safeParse(context.inputResponses?.roots);
    if (!answer.success) return inputRequired({ inputRequests: { roots: inputRequired.listRoots() } });
    return answer.data.roots.map((root) => root.uri).join(', ');
  },
  present: (output) => ({ content: [{ type: 'text', text: `Roots: ${String(output)}` }] }),
});
