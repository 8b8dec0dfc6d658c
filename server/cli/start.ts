import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { serve } from '../node/serve.ts';
import { readPort } from './read-port.ts';

const usage = `Usage: npm start   (PORT=N npm start for another port)

Serves the explorer, its MCP server (/mcp) and its mock model (/mock) on one port.`;

const { values } = parseArgs({ options: { port: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
if (values.help) {
  console.log(usage);
  process.exit(0);
}
const port = readPort(values.port ?? process.env.PORT, 3000, usage);
const staticDirectory = fileURLToPath(new URL('../../dist', import.meta.url));
try {
  const server = await serve({ port, staticDirectory, log: (line) => console.error(line) });
  console.log(`MCP Lifecycle Explorer is running: ${server.url}/`);
  console.log(`(MCP server at ${server.url}/mcp, mock model at ${server.url}/mock/openai/v1; Ctrl+C stops)`);
  const stop = () => void server.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} catch (error) {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE') {
    console.error(`Port ${port} is already in use. Stop the other program or choose another port: PORT=3100 npm start`);
  } else {
    console.error(error instanceof Error ? error.message : String(error));
  }
  process.exit(1);
}
