import { NETWORK_FLAG_USAGE } from '../node/index.ts';
import { MCP_PATH, MCP_SESSIONS_PATH, MCP_TOOLBOX_PATH, MOCK_OPENAI_PREFIX } from '../http/index.ts';
import { startListening, STDIO_FLAG_USAGE } from './start-listening.ts';

const usage = `Usage: npm run server -- [--port N] [--host ADDRESS] [--allow-host NAME]... [--allow-origin URL]... [--max-… N] [--stdio NAME="COMMAND ARGS"]...

Runs the built-in MCP server (and the mock model) alone, for any MCP client.
  --port N             port to listen on (default: the PORT variable, else 3001; 0 picks a free port)
${NETWORK_FLAG_USAGE}
${STDIO_FLAG_USAGE}`;

const server = await startListening({ usage, defaultPort: 3001, otherPortExample: 'npm run server -- --port 3101' });
console.log(`MCP server (Streamable HTTP, eras 2025-11-25 and 2026-07-28): ${server.url}${MCP_PATH}`);
console.log(`  every built-in tool:                                     ${server.url}${MCP_TOOLBOX_PATH}`);
console.log(`  with 2025-11-25 sessions (?expire-after=N to expire):    ${server.url}${MCP_SESSIONS_PATH}`);
console.log(`Mock model (OpenAI Chat Completions):                     ${server.url}${MOCK_OPENAI_PREFIX}`);
for (const name of server.stdioServerNames) console.log(`stdio server "${name}" (bridged, Streamable HTTP):         ${server.url}/mcp/stdio/${name}`);
