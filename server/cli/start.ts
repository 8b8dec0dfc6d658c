import { fileURLToPath } from 'node:url';
import { NETWORK_FLAG_USAGE } from '../node/index.ts';
import { startListening, STDIO_FLAG_USAGE } from './start-listening.ts';

const usage = `Usage: npm start -- [--port N] [--host ADDRESS] [--allow-host NAME]... [--allow-origin URL]... [--max-… N] [--stdio NAME="COMMAND ARGS"]...   (PORT=N npm start for another port)

Serves the explorer, its MCP server (/mcp) and its mock model (/mock) on one port.
  --port N             port to listen on (default: the PORT variable, else 3000)
${NETWORK_FLAG_USAGE}
${STDIO_FLAG_USAGE}`;

const staticDirectory = fileURLToPath(new URL('../../dist', import.meta.url));
const server = await startListening({ usage, defaultPort: 3000, staticDirectory, otherPortExample: 'PORT=3100 npm start' });
console.log(`MCP Lifecycle Explorer is running: ${server.url}/`);
console.log(`(MCP server at ${server.url}/mcp, mock model at ${server.url}/mock/openai/v1; Ctrl+C stops)`);
for (const name of server.stdioServerNames) console.log(`stdio server "${name}" bridged at ${server.url}/mcp/stdio/${name} (pick it in Model settings)`);
