import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import { fromJsonSchema, type McpServer } from '@modelcontextprotocol/server';
import { toStrictJsonSchema } from 'openai/lib/transform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createLifecycleRun } from '../../src/lifecycle/engine.ts';
import { prepareOpenAiChatTools } from '../../src/providers/openai-chat/prepare-openai-chat-tools.ts';
import type { McpTool } from '../../src/providers/types.ts';
import type { Step, Trace } from '../../src/trace/trace.ts';
import { startEverythingStdio } from '../helpers/everything-server.ts';
import { startHttpServer, type TestServer } from '../helpers/start-http-server.ts';
import { startSdkV2ToolServer, type ThirdPartyServer } from '../helpers/start-third-party-servers.ts';
import { useServer } from '../helpers/use-server.ts';

/**
 * Strict mode against servers that check what they are sent: the reference everything
 * server, a v2 SDK server with zod v4 schemas, and FastMCP's pydantic shapes served by the
 * v2 SDK (which checks them with ajv). Strict mode makes every optional field required and
 * nullable, so the model writes null for each one it does not set; the server never allowed
 * null there. Translation #2 takes those nulls out, and a tool whose schema strict mode
 * cannot say (a map, a tuple, a set) goes without strict mode. Each call is a real tools/call
 * the server accepts, with the arguments the mock model gives or a scripted strict reply.
 */

const app = useServer();
const PYDANTIC_SCHEMAS_FILE = fileURLToPath(new URL('../helpers/pydantic-tool-schemas.json', import.meta.url));
const PYDANTIC_SCRIPT = fileURLToPath(new URL('../helpers/python/write-pydantic-tool-schemas.py', import.meta.url));
const PYDANTIC_SCHEMAS = z.record(z.string(), z.record(z.string(), z.unknown())).parse(JSON.parse(readFileSync(PYDANTIC_SCHEMAS_FILE, 'utf8')));

const everythingTransport = startEverythingStdio;

function runStrict({
  question,
  mcpUrl,
  wire = 'openai-chat',
  provider,
}: {
  question: string;
  mcpUrl: string;
  wire?: string;
  provider?: { baseUrl: string; kind: 'real' };
}): Promise<Trace> {
  const basePath = wire === 'openai-responses' ? '/mock/openai-responses/v1' : '/mock/openai/v1';
  return createLifecycleRun({
    question,
    era: '2025-11-25',
    mcpUrl,
    ...(mcpUrl === 'stdio:everything' ? { mcpTransport: everythingTransport } : {}),
    provider: { wire, kind: provider?.kind ?? 'mock', baseUrl: provider?.baseUrl ?? `${app.url}${basePath}`, model: 'mock-model-deterministic', strict: true },
    autoRelease: true,
    networkTimeoutMs: 20_000,
  }).start();
}

const stepOf = (trace: Trace, id: string): Step | undefined => trace.steps.find((step) => step.id === id);

/** What the server said to the call: its result, which must not be an error. */
function expectAccepted(trace: Trace): void {
  const answer = stepOf(trace, 'mcp.tools-call.response');
  expect(answer?.payload, JSON.stringify(trace.steps.at(-1)?.payload)).toMatchObject({ result: expect.any(Object) });
  expect(answer?.payload).not.toMatchObject({ result: { isError: true } });
  expect(trace.status).toBe('complete');
}

const callArguments = (trace: Trace) =>
  (stepOf(trace, 'mcp.tools-call.request')?.payload as { params?: { arguments?: unknown } } | undefined)?.params?.arguments;
const translationTwo = (trace: Trace) => stepOf(trace, 'host.translate-tool-call')!.translation!;

describe('the everything server (stdio), its tools listed over a real connection', () => {
  let tools: McpTool[] = [];
  beforeAll(async () => {
    const client = new Client({ name: 'strict-test', version: '1.0.0' });
    await client.connect(everythingTransport());
    tools = (await client.listTools()).tools;
    await client.close();
  }, 20_000);

  it('translation #1 sends every one of them strict, each a schema the openai SDK’s own helper takes as it is', () => {
    expect(tools.length).toBeGreaterThan(5);
    const prepared = prepareOpenAiChatTools({ tools, strict: true });
    for (const tool of prepared.result.tools) {
      expect(tool.function.strict, tool.function.name).toBe(true);
      expect(toStrictJsonSchema(tool.function.parameters)).toEqual(tool.function.parameters);
    }
    expect(Object.keys(prepared.result.strictSchemas ?? {})).toEqual(prepared.result.tools.map((tool) => tool.function.name));
  });

  it.each([
    ['Get an annotated message of type success', 'get-annotated-message', { messageType: 'success' }, ['includeImage']],
    ['Get resource links', 'get-resource-links', {}, ['count']],
    ['Get a resource reference', 'get-resource-reference', {}, ['resourceType', 'resourceId']],
  ])(
    '%j: the mock writes null for each optional field, translation #2 leaves them out, and the server answers',
    async (question, tool, sent, removed) => {
      const trace = await runStrict({ question, mcpUrl: 'stdio:everything' });
      const translation = translationTwo(trace);
      const written = JSON.parse((translation.input as { function: { arguments: string } }).function.arguments) as Record<string, unknown>;
      for (const field of removed) expect(written[field], field).toBeNull();
      expect(stepOf(trace, 'mcp.tools-call.request')?.payload).toMatchObject({ params: { name: tool } });
      expect(callArguments(trace)).toEqual(sent);
      expect(translation.changes).toEqual(
        expect.arrayContaining(removed.map((field) => ({ kind: 'dropped', from: `arguments.${field}`, note: expect.stringContaining('null left out') }))),
      );
      expect(translation.warnings).toContainEqual(expect.objectContaining({ code: 'strict-null-removed' }));
      expectAccepted(trace);
    },
    30_000,
  );

  describe('a scripted strict reply, as a real model held to strict mode writes it', () => {
    let model: TestServer;
    beforeAll(async () => {
      // Chat Completions: the call with null for the optional field, then, once the tool's result is back, an answer.
      model = await startHttpServer((_request, response, body) => {
        const request = JSON.parse(body) as { messages: { role: string }[] };
        const answered = request.messages.some((message) => message.role === 'tool');
        const message = answered
          ? { role: 'assistant', content: 'Here is the success message.' }
          : {
              role: 'assistant',
              content: null,
              tool_calls: [
                { id: 'call_1', type: 'function', function: { name: 'get-annotated-message', arguments: '{"messageType":"success","includeImage":null}' } },
              ],
            };
        response.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            id: 'chatcmpl-1',
            object: 'chat.completion',
            created: 0,
            model: 'scripted',
            choices: [{ index: 0, message, finish_reason: answered ? 'stop' : 'tool_calls' }],
          }),
        );
      });
    });
    afterAll(async () => {
      await model.close();
    });

    it('get-annotated-message with includeImage: null reaches the server without it, and is answered, not refused with -32602', async () => {
      const trace = await runStrict({
        question: 'Show me a success message',
        mcpUrl: 'stdio:everything',
        provider: { kind: 'real', baseUrl: `${model.url}/v1` },
      });
      const offered = (
        JSON.parse(model.received[0]!.body) as {
          tools: { function: { name: string; strict?: boolean; parameters: { properties: Record<string, unknown> } } }[];
        }
      ).tools;
      const annotated = offered.find((tool) => tool.function.name === 'get-annotated-message')!;
      expect(annotated.function.strict).toBe(true);
      expect(annotated.function.parameters.properties.includeImage).toMatchObject({ type: ['boolean', 'null'] });
      expect(callArguments(trace)).toEqual({ messageType: 'success' });
      expectAccepted(trace);
      expect(trace.answer).toBe('Here is the success message.');
    }, 30_000);
  });
});

describe('a v2 SDK server with zod v4 schemas', () => {
  let server: ThirdPartyServer;
  beforeAll(async () => {
    server = await startSdkV2ToolServer((mcp: McpServer) => {
      const echo = (name: string) => (args: unknown) => ({ content: [{ type: 'text' as const, text: `${name}: ${JSON.stringify(args)}` }] });
      mcp.registerTool(
        'book_trip',
        {
          description: 'Books a trip to a city',
          inputSchema: z.object({
            city: z.string(),
            nights: z.number().int().min(1).optional(),
            window_seat: z.boolean().default(false),
            note: z.string().nullable().optional(),
            traveller: z.object({ name: z.string(), age: z.number().optional() }),
            stops: z.array(z.object({ city: z.string(), days: z.number().optional() })).optional(),
            seat: z.enum(['aisle', 'window']).optional(),
            payment: z.discriminatedUnion('kind', [z.object({ kind: z.literal('card'), last4: z.string() }), z.object({ kind: z.literal('cash') })]).optional(),
          }),
        },
        echo('book_trip'),
      );
      mcp.registerTool(
        'label_photo',
        { description: 'Labels a photo', inputSchema: z.object({ photo: z.string(), labels: z.record(z.string(), z.string()).optional() }) },
        echo('label_photo'),
      );
      mcp.registerTool(
        'move_marker',
        { description: 'Moves the marker on the map', inputSchema: z.object({ position: z.tuple([z.number(), z.number()]) }) },
        echo('move_marker'),
      );
    });
  });
  afterAll(async () => {
    await server.close();
  });

  it.each(['openai-chat', 'openai-responses'])(
    'book_trip in %s: nulls left out at every depth (a nested object’s field too), the null the server allows kept',
    async (wire) => {
      const trace = await runStrict({ question: 'Book a trip to "Oslo"', mcpUrl: server.url, wire });
      expect(
        translationTwo(trace)
          .changes?.filter((change) => change.kind === 'dropped' && change.from?.startsWith('arguments.'))
          .map((change) => change.from),
      ).toEqual(['arguments.nights', 'arguments.window_seat', 'arguments.traveller.age', 'arguments.stops', 'arguments.seat', 'arguments.payment']);
      expect(callArguments(trace)).toEqual({ city: 'Oslo', note: null, traveller: { name: expect.any(String) } });
      expectAccepted(trace);
    },
    30_000,
  );

  it.each([
    ['Label the photo "beach.jpg"', 'label_photo', '"additionalProperties" at [1].inputSchema.properties.labels', { photo: 'beach.jpg' }],
    ['Move the marker to 3 and 4', 'move_marker', '"prefixItems" at [2].inputSchema.properties.position', { position: [3, 4] }],
  ])(
    '%j: a schema strict mode cannot say goes without strict mode, said so, and the call is accepted',
    async (question, tool, named, sent) => {
      const trace = await runStrict({ question, mcpUrl: server.url });
      const translated = stepOf(trace, 'host.translate-tools')!;
      const offered = (translated.payload as { function: { name: string; strict?: boolean } }[]).find((entry) => entry.function.name === tool)!;
      expect(offered.function.strict).toBe(false);
      expect(
        translated.translation!.warnings.find((warning) => warning.code === 'strict-not-faithful' && warning.message.includes(`"${tool}"`))?.message,
      ).toContain(named);
      expect(callArguments(trace)).toEqual(sent);
      expectAccepted(trace);
    },
    30_000,
  );
});

describe('FastMCP’s pydantic shapes, served by the v2 SDK and checked with ajv', () => {
  let server: ThirdPartyServer;
  beforeAll(async () => {
    server = await startSdkV2ToolServer((mcp: McpServer) => {
      for (const [name, schema] of Object.entries(PYDANTIC_SCHEMAS)) {
        mcp.registerTool(name, { description: name.replace(/_/g, ' '), inputSchema: fromJsonSchema(schema) }, (args) => ({
          content: [{ type: 'text', text: `${name}: ${JSON.stringify(args)}` }],
        }));
      }
    });
  });
  afterAll(async () => {
    await server.close();
  });

  it.skipIf(!hasPydantic())('the fixture is what pydantic writes today', () => {
    expect(JSON.parse(execFileSync('python3', [PYDANTIC_SCRIPT], { encoding: 'utf8' }))).toEqual(PYDANTIC_SCHEMAS);
  });

  it.each([
    ['Search notes for "groceries"', { query: 'groceries', limit: null, filter: null }, ['arguments.tags']],
    ['Add "milk" to the list', { items: [{ name: 'milk', note: null }] }, ['arguments.items[0].quantity', 'arguments.list_name', 'arguments.priority']],
  ])(
    '%j: titles, $defs and Optional[...] = None as pydantic writes them; the nulls pydantic allows kept, the others left out',
    async (question, sent, removed) => {
      const trace = await runStrict({ question, mcpUrl: server.url });
      const offered = stepOf(trace, 'host.translate-tools')!.payload as { function: { strict?: boolean; parameters: Record<string, unknown> } }[];
      for (const tool of offered.filter((entry) => entry.function.strict))
        expect(toStrictJsonSchema(tool.function.parameters)).toEqual(tool.function.parameters);
      expect(
        translationTwo(trace)
          .changes?.filter((change) => change.kind === 'dropped' && change.from?.startsWith('arguments.'))
          .map((change) => change.from),
      ).toEqual(removed);
      expect(callArguments(trace)).toEqual(sent);
      expectAccepted(trace);
    },
    30_000,
  );

  it.each([
    ['Count tags', 'count_tags', 'additionalProperties', { counts: {} }],
    ['Move the point to 3 and 4', 'move_point', 'prefixItems', { point: [3, 4] }],
    ['Label photos "beach" and "sunset"', 'label_photos', 'uniqueItems', { labels: ['beach', 'sunset'] }],
  ])(
    '%j: %s (a dict, a tuple, a set) goes without strict mode, and the call is accepted',
    async (question, tool, keyword, sent) => {
      const trace = await runStrict({ question, mcpUrl: server.url });
      const translated = stepOf(trace, 'host.translate-tools')!;
      expect((translated.payload as { function: { name: string; strict?: boolean } }[]).find((entry) => entry.function.name === tool)?.function.strict).toBe(
        false,
      );
      expect(
        translated.translation!.warnings.some(
          (warning) => warning.code === 'strict-not-faithful' && warning.message.includes(`"${keyword}"`) && warning.message.includes(`"${tool}"`),
        ),
      ).toBe(true);
      expect(stepOf(trace, 'mcp.tools-call.request')?.payload).toMatchObject({ params: { name: tool } });
      expect(callArguments(trace)).toEqual(sent);
      expectAccepted(trace);
    },
    30_000,
  );
});

function hasPydantic(): boolean {
  try {
    execFileSync('python3', ['-c', 'import pydantic'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
