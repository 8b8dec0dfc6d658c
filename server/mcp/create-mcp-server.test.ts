import { Client } from '@modelcontextprotocol/client';
import { InMemoryTransport, inputRequired } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createMcpServer } from './create-mcp-server.ts';
import { createToolRegistry, defineTool } from './tool-registry.ts';

/**
 * A tool that answers input_required must say so (asksClient): on a 2025-11-25 request
 * the SDK runs it again under the same progress token, and a total announced before its
 * first run would have to grow. One that does not is refused, naming the tool.
 */
function defineAsking(asksClient: boolean) {
  return defineTool({
    name: 'asks_quietly',
    description: 'Asks the client for a sentence',
    input: z.strictObject({}),
    ...(asksClient ? { asksClient: true as const } : {}),
    handler: (_input, context) =>
      context.inputResponses
        ? { text: 'answered' }
        : inputRequired({
            inputRequests: { ask: inputRequired.createMessage({ messages: [{ role: 'user', content: { type: 'text', text: 'Say hi' } }], maxTokens: 10 }) },
          }),
    present: () => ({ content: [{ type: 'text', text: 'answered' }] }),
  });
}

async function callOver2025Session(asksClient: boolean) {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const server = createMcpServer(createToolRegistry([defineAsking(asksClient)]));
  await server.connect(serverSide);
  const client = new Client({ name: 'test', version: '1' }, { capabilities: { sampling: {} }, versionNegotiation: { mode: 'legacy' } });
  client.setRequestHandler('sampling/createMessage', async () => ({ role: 'assistant', content: { type: 'text', text: 'hi' }, model: 'test' }));
  await client.connect(clientSide);
  const progress: { progress: number; total?: number }[] = [];
  try {
    const result = await client.callTool({ name: 'asks_quietly', arguments: {} }, { onprogress: (update) => progress.push(update) });
    return { result, progress };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error), progress };
  } finally {
    await client.close();
  }
}

describe('createMcpServer: tools that ask the client', () => {
  it('runs a tool that declares asksClient again after the answer, one total at the end', async () => {
    const { result, progress } = await callOver2025Session(true);
    expect(result).toMatchObject({ content: [{ type: 'text', text: 'answered' }] });
    expect(progress.map(({ progress: value, total }) => `${value}/${total ?? '?'}`)).toEqual(['1/?', '2/?', '3/?', '4/?', '5/?', '6/6']);
  });

  it('refuses one that answers input_required without declaring it, and names it', async () => {
    const outcome = await callOver2025Session(false);
    expect(JSON.stringify(outcome)).toContain('The tool asks_quietly answered input_required but does not declare asksClient');
  });
});
