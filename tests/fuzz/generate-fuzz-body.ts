import type { Random } from './seeded-random.ts';

/**
 * Request bodies for the server fuzz: JSON-RPC in both eras (valid, with wrong types,
 * unknown methods, batches), provider requests for the mock model, and everything a
 * broken or hostile client sends instead: random JSON, huge numbers, deep nesting,
 * truncated text, invalid UTF-8 and plain binary.
 */

export const ENVELOPE = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'fuzz', version: '1.0.0' },
  'io.modelcontextprotocol/clientCapabilities': {},
};

const TOOL_NAMES = [
  'add_numbers',
  'multiply_numbers',
  'divide_numbers',
  'math.power',
  'convert_units',
  'draw_bar_chart',
  'count_slowly',
  'no_such_tool',
  '',
  '<script>',
];
const METHODS = [
  'initialize',
  'tools/list',
  'tools/call',
  'ping',
  'notifications/initialized',
  'notifications/cancelled',
  'resources/list',
  'prompts/get',
  'server/discover',
  'subscriptions/listen',
  'no/such/method',
  '',
  'rpc.discover',
];

/** Text that is awkward for parsers and terminals: markup, control characters, a lone surrogate, right-to-left, long runs. */
function createAwkwardString(random: Random): string {
  return random.pick([
    '',
    'What is 5 plus 7?',
    '<img src=x onerror=alert(1)>',
    '\u0000\u0001\u001b[31m',
    '\ud800 lone surrogate',
    '\u202e reversed',
    '😀'.repeat(50),
    'x'.repeat(random.below(20_000)),
    '"quoted" \\ back\\slash',
  ]);
}

/** A random JSON value a few levels deep. */
export function createRandomJson(random: Random, depth = 0): unknown {
  const kind = random.below(depth > 4 ? 6 : 8);
  switch (kind) {
    case 0:
      return null;
    case 1:
      return random.chance(0.5);
    case 2:
      return random.pick([0, -0, 1, -1, 2 ** 53 + 1, Number.MAX_VALUE, 5e-324, 3.14, 7]);
    case 3:
    case 4:
      return createAwkwardString(random);
    case 5:
      return random.below(1_000_000);
    case 6:
      return Array.from({ length: random.below(5) }, () => createRandomJson(random, depth + 1));
    default:
      return Object.fromEntries(
        Array.from({ length: random.below(5) }, () => [
          random.pick(['a', 'b', 'id', 'method', 'params', '__proto__', 'constructor', createAwkwardString(random).slice(0, 20)]),
          createRandomJson(random, depth + 1),
        ]),
      );
  }
}

function createId(random: Random): unknown {
  return random.pickWeighted<unknown>([
    [6, random.below(1000)],
    [2, `id-${random.below(1000)}`],
    [1, null],
    [1, { nested: true }],
    [1, [1]],
    [1, true],
    [1, 1.5],
  ]);
}

function createParams(random: Random, method: string): unknown {
  if (random.chance(0.15)) return createRandomJson(random);
  if (method === 'initialize') {
    return {
      protocolVersion: random.pick(['2025-11-25', '2025-06-18', '2024-11-05', '1999-01-01', 42]),
      capabilities: random.chance(0.8) ? {} : 'none',
      clientInfo: { name: 'fuzz', version: '1' },
    };
  }
  if (method === 'tools/call') {
    const name = random.pick(TOOL_NAMES);
    const argumentsValue = random.pickWeighted([
      [3, { a: random.below(100), b: random.below(100) }],
      [1, { a: 'five', b: [7] }],
      [1, { to: random.pick([1, 2, 0, 11, 'ten']) }],
      [1, { value: 3, from: 'km', to: 'miles' }],
      [1, { values: [1, 2, 3], title: createAwkwardString(random).slice(0, 100) }],
      [1, createRandomJson(random)],
    ]);
    return { name, arguments: argumentsValue };
  }
  if (method === 'notifications/cancelled') return { requestId: createId(random), reason: 'fuzz' };
  return {};
}

/** One JSON-RPC message, in the 2025 shape or with the 2026-07-28 envelope. */
export function createJsonRpcMessage(random: Random, modern: boolean): Record<string, unknown> {
  const method = random.pick(METHODS);
  const message: Record<string, unknown> = random.pickWeighted([
    [8, { jsonrpc: '2.0', id: createId(random), method, params: createParams(random, method) }],
    [2, { jsonrpc: '2.0', method, params: createParams(random, method) }],
    [1, { jsonrpc: '2.0', id: createId(random), result: createRandomJson(random) }],
    [1, { jsonrpc: '2.0', id: createId(random), error: { code: -32000, message: 'fuzz' } }],
    [1, { jsonrpc: random.pick(['1.0', '2', 2, null]), id: 1, method }],
    [1, { id: 1, method }],
  ]);
  if (modern && typeof message.params === 'object' && message.params !== null && !Array.isArray(message.params)) {
    message.params = { ...message.params, _meta: random.chance(0.9) ? ENVELOPE : createRandomJson(random) };
  }
  return message;
}

/** A request body in the shape each mock provider expects, sometimes with a field swapped for junk. */
function createMockModelBody(random: Random): Record<string, unknown> {
  const question = random.pick(['What is 5 plus 7?', 'What is 10 divided by 0?', 'Convert 5 km to miles', createAwkwardString(random)]);
  const tool = {
    type: 'function',
    function: { name: 'add_numbers', description: 'Adds', parameters: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } } } },
  };
  const body: Record<string, unknown> = random.pick([
    { model: 'mock-model-deterministic', messages: [{ role: 'user', content: question }], tools: [tool] },
    { model: 'mock-model-sloppy', input: question, tools: [{ type: 'function', name: 'add_numbers', parameters: tool.function.parameters }] },
    {
      model: 'mock-model-deterministic',
      max_tokens: 100,
      messages: [{ role: 'user', content: question }],
      tools: [{ name: 'add_numbers', input_schema: tool.function.parameters }],
    },
    {
      contents: [{ role: 'user', parts: [{ text: question }] }],
      tools: [{ functionDeclarations: [{ name: 'add_numbers', parametersJsonSchema: tool.function.parameters }] }],
    },
    { model: 'mock-model-broken-json', stream: false, messages: [{ role: 'user', content: question }], tools: [tool] },
  ]);
  if (random.chance(0.3)) body[random.pick(['messages', 'tools', 'model', 'input', 'contents', 'max_tokens', 'stream'])] = createRandomJson(random);
  return body;
}

function createDeepNesting(random: Random): string {
  const depth = random.pick([200, 999, 1_001, 5_000, 50_000]);
  return random.chance(0.5) ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
}

function createBinary(random: Random): Buffer {
  const bytes = Buffer.alloc(random.below(2_000));
  for (let index = 0; index < bytes.length; index += 1) bytes[index] = random.below(256);
  // Invalid UTF-8 for certain: a stray continuation byte and an overlong lead.
  return Buffer.concat([bytes, Buffer.from([0x80, 0xc0, 0xff])]);
}

/** The body for one fuzz request to an MCP or mock path, as bytes (undefined for none). */
export function createFuzzBody(random: Random, target: 'mcp' | 'mock' | 'other', modern: boolean): Buffer | undefined {
  const json = (value: unknown) => Buffer.from(JSON.stringify(value));
  const valid = () => (target === 'mock' ? json(createMockModelBody(random)) : json(createJsonRpcMessage(random, modern)));
  return random.pickWeighted<() => Buffer | undefined>([
    [30, valid],
    [
      6,
      () =>
        json(
          Array.from({ length: random.pick([0, 1, 2, 5, 100, 101, 150]) }, () =>
            random.chance(0.9) ? createJsonRpcMessage(random, modern) : createRandomJson(random),
          ),
        ),
    ],
    [6, () => json(createRandomJson(random))],
    [
      5,
      () => {
        const text = valid().toString('utf8');
        return Buffer.from(text.slice(0, random.below(text.length)));
      },
    ],
    [3, () => Buffer.from(createDeepNesting(random))],
    [
      3,
      () => Buffer.from(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"add_numbers","arguments":{"a":${createDeepNesting(random)},"b":1}}}`),
    ],
    [
      3,
      () =>
        Buffer.from(
          random.pick([
            '{"jsonrpc":"2.0","id":1e400,"method":"tools/list"}',
            '{"jsonrpc":"2.0","id":123456789012345678901234567890,"method":"ping"}',
            '{"a":-1e-400}',
            '[1e309]',
          ]),
        ),
    ],
    [2, () => Buffer.from('{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"x":"\\ud800\\udfff\\u0000"}}')],
    [4, () => createBinary(random)],
    [4, () => Buffer.alloc(0)],
    [2, () => undefined],
  ])();
}
