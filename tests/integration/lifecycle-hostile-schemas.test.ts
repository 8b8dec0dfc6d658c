import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { parseTraceFile, serializeTrace } from '../../src/lifecycle/import-trace.ts';
import { DEPTH_CUT_MARKER, MAX_NESTING_DEPTH } from '../../src/trace/depth-bound.ts';
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
  return createMockRun(app.url, {
    mcpUrl,
    autoRelease: true,
    provider: { wire, kind: 'mock', baseUrl: `${app.url}/mock/openai/v1`, model: 'mock-model-deterministic', strict },
  }).start();
}

describe('a tool schema with a property named __proto__', () => {
  const tools =
    '[{"name":"lookup","description":"Looks a key up","inputSchema":{"type":"object","properties":{"__proto__":{"type":"string"},"key":{"type":"string"}},"required":["__proto__","key"]}}]';

  for (const [wire, strict] of [
    ['openai-chat', false],
    ['openai-chat', true],
    ['anthropic', false],
    ['gemini', false],
  ] as const) {
    it(`${wire}${strict ? ' (strict)' : ''}: translation #1 reports it instead of dropping it silently`, async () => {
      const trace = await runAgainst(await startRawToolsServer(tools), wire, strict);
      const translation = trace.steps.find((step) => step.id === 'host.translate-tools')?.translation;
      const warning = translation?.warnings.find((entry) => entry.code === 'required-property-missing');
      expect(warning?.message).toContain('requires a property named "__proto__", which did not survive');
      expect(warning?.path).toBe('tools[0].inputSchema.required');
    });
  }
});

/** A tool whose schema nests `levels` objects inside one another. */
function deepTools(levels: number): string {
  const schema = '{"type":"object","properties":{"a":'.repeat(levels) + '{"type":"string"}' + '}}'.repeat(levels);
  return `[{"name":"deep","description":"Nested","inputSchema":{"type":"object","properties":{"deep":${schema}}}}]`;
}

describe('a tool schema nested thousands of levels deep', () => {
  for (const levels of [1_000, 2_500, 100_000]) {
    it(`${levels.toLocaleString('en')} levels: the run stops with a fault that names the bound, and the trace exports and imports again`, async () => {
      const mcpUrl = await startRawToolsServer(deepTools(levels));
      const trace = await runAgainst(mcpUrl);
      expect(trace.status).toBe('failed');
      const fault = trace.steps.at(-1)!.fault!;
      expect(fault.what).toBe(`The MCP server at ${mcpUrl} sent JSON nested more than ${MAX_NESTING_DEPTH} levels deep in one answer during tools/list.`);
      expect(fault.why).not.toContain('Maximum call stack');
      // The answer is kept as text, for the HTTP view.
      const request = trace.steps.find((step) => step.id === 'mcp.tools-list.request')!;
      expect(request.http?.responseBody?.length).toBeGreaterThan(levels * 30);
      const imported = parseTraceFile({ text: serializeTrace(trace) });
      expect(imported.ok).toBe(true);
    });
  }

  it('2,500 levels in the CLI: a whole trace printed, exit code 1 as for any fault', async () => {
    const mcpUrl = await startRawToolsServer(deepTools(2_500));
    const result = await runTraceCli(['What is 5 plus 7?', '--server', mcpUrl, '--era', '2025-11-25', '--json']);
    expect(result.stderr).not.toContain('RangeError');
    expect(result.code).toBe(1);
    const trace = JSON.parse(result.stdout) as Trace;
    expect(trace.steps.at(-1)?.fault?.what).toContain(`nested more than ${MAX_NESTING_DEPTH} levels deep`);
    const text = await runTraceCli(['What is 5 plus 7?', '--server', mcpUrl, '--era', '2025-11-25']);
    expect(text.code).toBe(1);
    expect(text.stdout).toContain(`nested more than ${MAX_NESTING_DEPTH} levels deep`);
    // Two CLI runs one after the other, each a process of its own: the test's time is theirs together.
  }, 120_000);
});

describe('an imported trace nested 100,000 levels deep', () => {
  it('is read with the deep part cut and marked, and exports again', async () => {
    const trace = await runAgainst(`${app.url}/mcp`);
    const deep = '{"a":'.repeat(100_000) + '1' + '}'.repeat(100_000);
    const text = JSON.stringify(trace).replace('"payload":{"question"', `"payload":{"deep":${deep},"question"`);
    const imported = parseTraceFile({ text, name: 'deep.json' });
    if (!imported.ok) throw new Error(imported.error);
    expect(imported.cut).toBe(`deep.json nests its data more than ${MAX_NESTING_DEPTH} levels deep: the deeper parts read "${DEPTH_CUT_MARKER}".`);
    const exported = serializeTrace(imported.trace);
    expect(exported).toContain(DEPTH_CUT_MARKER);
    expect(parseTraceFile({ text: exported }).ok).toBe(true);
  });

  it("a run whose own data nests too deep (a learner's edit) still exports, cut", () => {
    let deep: unknown = 'bottom';
    for (let level = 0; level < 100_000; level++) deep = { a: deep };
    const trace: Trace = {
      format: 'mcp-lifecycle-trace',
      version: 1,
      question: 'q',
      answer: null,
      status: 'failed',
      startedAt: new Date(0).toISOString(),
      model: { wire: 'openai-chat', kind: 'mock', name: 'm' },
      mcp: { url: 'http://127.0.0.1/mcp', era: '2025-11-25', protocolVersion: null },
      steps: [],
    };
    const exported = serializeTrace({
      ...trace,
      steps: [
        {
          n: 1,
          id: 'user.question',
          canonical: 1,
          iteration: 1,
          phase: 'discovery',
          from: 'user',
          to: 'host',
          kind: 'internal',
          title: 'q',
          payload: deep,
          at: 0,
        },
      ],
    });
    expect(exported).toContain(DEPTH_CUT_MARKER);
  });
});
