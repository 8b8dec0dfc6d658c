import { parseArgs } from 'node:util';
import { serve } from '../node/serve.ts';
import { NETWORK_FLAG_OPTIONS, NETWORK_FLAG_USAGE, readNetworkFlags } from '../node/network-flags.ts';
import { MCP_PATH, MCP_SESSIONS_PATH, MCP_TOOLBOX_PATH, MOCK_OPENAI_PREFIX } from '../http/create-app.ts';
import { readPort } from './read-port.ts';

const usage = `Usage: npm run server -- [--port N] [--host ADDRESS] [--allow-host NAME]...

Runs the built-in MCP server (and the mock model) alone, for any MCP client.
  --port N             port to listen on (default: the PORT variable, else 3001; 0 picks a free port)
${NETWORK_FLAG_USAGE}`;

function fail(message: string): never {
  console.error(`${message}\n\n${usage}`);
  process.exit(2);
}

let parsed;
try {
  parsed = parseArgs({ options: { port: { type: 'string' }, ...NETWORK_FLAG_OPTIONS, help: { type: 'boolean', short: 'h' } } });
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
const { values } = parsed;
if (values.help) {
  console.log(usage);
  process.exit(0);
}
const port = readPort(values.port ?? process.env.PORT, 3001, usage);
const network = readNetworkFlags(values, fail);
if (network.warning) console.error(network.warning);
const server = await serve({ port, host: network.host, allowedHostnames: network.allowedHostnames, log: (line) => console.error(line) }).catch((error: NodeJS.ErrnoException) => {
  if (error.code === 'EADDRINUSE') console.error(`Port ${port} is already in use. Stop the other program or choose another one: npm run server -- --port 3101`);
  else if (error.code === 'EADDRNOTAVAIL') console.error(`Cannot listen on ${network.host}: this machine has no such address. Leave out --host to use 127.0.0.1.`);
  else console.error(error.message);
  process.exit(1);
});
console.log(`MCP server (Streamable HTTP, eras 2025-11-25 and 2026-07-28): ${server.url}${MCP_PATH}`);
console.log(`  every built-in tool:                                     ${server.url}${MCP_TOOLBOX_PATH}`);
console.log(`  with 2025-11-25 sessions (?expire-after=N to expire):    ${server.url}${MCP_SESSIONS_PATH}`);
console.log(`Mock model (OpenAI Chat Completions):                     ${server.url}${MOCK_OPENAI_PREFIX}`);
const stop = () => void server.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
