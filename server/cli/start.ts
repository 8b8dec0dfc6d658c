import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { serve } from '../node/serve.ts';
import { NETWORK_FLAG_OPTIONS, NETWORK_FLAG_USAGE, readNetworkFlags } from '../node/network-flags.ts';
import { readPort } from './read-port.ts';

const usage = `Usage: npm start -- [--port N] [--host ADDRESS] [--allow-host NAME]...   (PORT=N npm start for another port)

Serves the explorer, its MCP server (/mcp) and its mock model (/mock) on one port.
  --port N             port to listen on (default: the PORT variable, else 3000)
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
const port = readPort(values.port ?? process.env.PORT, 3000, usage);
const network = readNetworkFlags(values, fail);
const staticDirectory = fileURLToPath(new URL('../../dist', import.meta.url));
try {
  if (network.warning) console.error(network.warning);
  const server = await serve({ port, host: network.host, allowedHostnames: network.allowedHostnames, staticDirectory, log: (line) => console.error(line) });
  console.log(`MCP Lifecycle Explorer is running: ${server.url}/`);
  console.log(`(MCP server at ${server.url}/mcp, mock model at ${server.url}/mock/openai/v1; Ctrl+C stops)`);
  const stop = () => void server.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} catch (error) {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE') {
    console.error(`Port ${port} is already in use. Stop the other program or choose another port: PORT=3100 npm start`);
  } else if (code === 'EADDRNOTAVAIL') {
    console.error(`Cannot listen on ${network.host}: this machine has no such address. Leave out --host to use 127.0.0.1.`);
  } else {
    console.error(error instanceof Error ? error.message : String(error));
  }
  process.exit(1);
}
