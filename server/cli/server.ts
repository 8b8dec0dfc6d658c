import { parseArgs } from 'node:util';
import { serve } from '../node/serve.ts';
import { MCP_PATH, MCP_SESSIONS_PATH, MCP_TOOLBOX_PATH, MOCK_OPENAI_PREFIX } from '../http/create-app.ts';
import { readPort } from './read-port.ts';

const usage = `Usage: npm run server -- [--port N]

Runs the built-in MCP server (and the mock model) alone, for any MCP client.
  --port N   port to listen on (default: the PORT variable, else 3001; 0 picks a free port)`;

const { values } = parseArgs({ options: { port: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
if (values.help) {
  console.log(usage);
  process.exit(0);
}
const port = readPort(values.port ?? process.env.PORT, 3001, usage);
const server = await serve({ port, log: (line) => console.error(line) });
console.log(`MCP server (Streamable HTTP, eras 2025-11-25 and 2026-07-28): ${server.url}${MCP_PATH}`);
console.log(`  every built-in tool:                                     ${server.url}${MCP_TOOLBOX_PATH}`);
console.log(`  with 2025-11-25 sessions (?expire-after=N to expire):    ${server.url}${MCP_SESSIONS_PATH}`);
console.log(`Mock model (OpenAI Chat Completions):                     ${server.url}${MOCK_OPENAI_PREFIX}`);
const stop = () => void server.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
