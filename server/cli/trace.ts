import { parseArgs } from 'node:util';
import { createLifecycleRun } from '../../src/lifecycle/engine.ts';
import { formatTraceText } from '../../src/lifecycle/format-trace-text.ts';
import { ERAS, type Era } from '../../src/lifecycle/vocabulary.ts';
import { getWireAdapter } from '../../src/providers/wire-adapters.ts';
import { MOCK_MODEL_NAME } from '../mock-model/decide-mock-reply.ts';
import { serve } from '../node/serve.ts';

const usage = `Usage: npm run trace -- "What is 5 plus 7?" [options]

Runs the explorer's host in Node, through every step, and prints the trace.
  --era 2025-11-25|2026-07-28   protocol era (default 2025-11-25)
  --server URL                  another MCP server (default: the built-in one, started here)
  --json                        print the trace as JSON and nothing else
  --full                        do not shorten long payloads in the text output`;

function fail(message: string): never {
  console.error(`${message}\n\n${usage}`);
  process.exit(2);
}

let parsed;
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: {
      era: { type: 'string', default: '2025-11-25' },
      server: { type: 'string' },
      json: { type: 'boolean', default: false },
      full: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h' },
    },
  });
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
const { values, positionals } = parsed;
if (values.help) {
  console.log(usage);
  process.exit(0);
}
const era = values.era as Era;
if (!ERAS.includes(era)) fail(`Unknown era "${values.era}": use ${ERAS.join(' or ')}.`);
if (values.server !== undefined) {
  try {
    new URL(values.server);
  } catch {
    fail(`"${values.server}" is not a URL. Give the MCP endpoint, for example http://127.0.0.1:3001/mcp.`);
  }
}
const question = positionals.join(' ');

const adapter = getWireAdapter('openai-chat')!;
const local = await serve({ port: 0, log: (line) => console.error(line) });
try {
  const run = createLifecycleRun({
    question,
    era,
    mcpUrl: values.server ?? `${local.url}/mcp`,
    provider: { wire: adapter.id, kind: 'mock', baseUrl: `${local.url}${adapter.mockBasePath}`, model: MOCK_MODEL_NAME },
    autoRelease: true,
  });
  const trace = await run.start();
  if (values.json) process.stdout.write(`${JSON.stringify(trace, null, 2)}\n`);
  else console.log(formatTraceText({ trace, maxPayloadLength: values.full ? 0 : 600 }));
  process.exitCode = trace.status === 'complete' ? 0 : 1;
} finally {
  await local.close();
}
