import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { Trace } from '../../src/trace/trace.ts';
import { createMockRun } from '../helpers/create-mock-run.ts';
import { runTraceCli } from '../helpers/run-trace-cli.ts';
import { useServer } from '../helpers/use-server.ts';

/**
 * MCP servers whose tool schemas are hostile to a JavaScript host: a property named
 * `__proto__`, and schemas nested a thousand levels deep and more. Each is a real server
 * on 127.0.0.1 writing its tools/list answer as raw JSON text, exactly as a server could.
 */

const app = useServer();
let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

/** A stateless MCP server that answers initialize, and tools/list with `toolsJson` as it is written. */
async function startRawToolsServer(toolsJson: string): Promise<string> {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method !== 'POST') {
        response.writeHead(405).end();
        return;
      }
      const message = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id?: number; method: string };
      if (message.id === undefined) {
        response.writeHead(202).end();
        return;
      }
      const result =
        message.method === 'initialize'
          ? '{"protocolVersion":"2025-11-25","capabilities":{"tools":{}},"serverInfo":{"name":"hostile-schemas","version":"1.0.0"}}'
          : message.method === 'tools/list'
            ? `{"tools":${toolsJson}}`
            : '{"content":[{"type":"text","text":"done"}]}';
      response.writeHead(200, { 'content-type': 'application/json' }).end(`{"jsonrpc":"2.0","id":${message.id},"result":${result}}`);
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
}

function runAgainst(mcpUrl: string, wire = 'openai-chat', strict = false): Promise<Trace> {
  return createMockRun(app.url, { mcpUrl, autoRelease: true, provider: { wire, kind: 'mock', baseUrl: `${app.url}/mock/openai/v1`, model: 'mock-model-deterministic', strict } }).start();
}

describe('a tool schema with a property named __proto__', () => {
  const tools = '[{"name":"lookup","description":"Looks a key up","inputSchema":{"type":"object","properties":{"__proto__":{"type":"string"},"key":{"type":"string"}},"required":["__proto__","key"]}}]';

  for (const [wire, strict] of [['openai-chat', false], ['openai-chat', true], ['anthropic', false], ['gemini', false]] as const) {
    it(`${wire}${strict ? ' (strict)' : ''}: translation #1 reports it instead of dropping it silently`, async () => {
      const trace = await runAgainst(await startRawToolsServer(tools), wire, strict);
      const translation = trace.steps.find((step) => step.id === 'host.translate-tools')?.translation;
      const warning = translation?.warnings.find((entry) => entry.code === 'required-property-missing');
      expect(warning?.message).toContain('requires a property named "__proto__", which did not survive');
      expect(warning?.path).toBe('tools[0].inputSchema.required');
    });
  }
});
