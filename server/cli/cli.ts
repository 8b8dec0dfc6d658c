import { readFileSync } from 'node:fs';
import { z } from 'zod';

/**
 * The package's one command, `npx mcp-lifecycle-explorer [start|trace|server] …`: the
 * first word picks what `npm start`, `npm run trace` or `npm run server` would run, and
 * the rest of the line goes to it unchanged. Each command is imported only when chosen,
 * because each reads the command line and starts listening as soon as it loads.
 */

const COMMANDS = {
  start: () => import('./start.ts'),
  trace: () => import('./trace.ts'),
  server: () => import('./server.ts'),
} as const;

type CommandName = keyof typeof COMMANDS;

const usage = `Usage: mcp-lifecycle-explorer [start] [--port N] [--host ADDRESS] [--allow-host NAME]...
       mcp-lifecycle-explorer trace ["What is 5 plus 7?"] [options]
       mcp-lifecycle-explorer server [--port N] [--host ADDRESS] [--allow-host NAME]...
       mcp-lifecycle-explorer --version

  start    (the default) the explorer, its MCP server (/mcp) and its mock model (/mock) on one port
  trace    runs the explorer's host in Node through every step and prints the trace
  server   the built-in MCP server (and the mock model) alone, for any MCP client

Each command's --help lists its options (written there as npm start, npm run trace, npm run server).`;

const PackageSchema = z.object({ version: z.string() });

/** The version in the package.json two folders up: beside server/ in the repository, beside dist-server/ in the package. */
function readVersion(): string {
  const text = readFileSync(new URL('../../package.json', import.meta.url), 'utf8');
  return PackageSchema.parse(JSON.parse(text)).version;
}

function isCommandName(word: string | undefined): word is CommandName {
  return word !== undefined && Object.hasOwn(COMMANDS, word);
}

const first = process.argv[2];
if (first === '--version' || first === '-v') {
  console.log(readVersion());
} else if (first === 'help' || (first === '--help' && process.argv.length === 3) || (first === '-h' && process.argv.length === 3)) {
  console.log(usage);
} else if (isCommandName(first)) {
  // The chosen command reads process.argv itself: without its own name it sees what npm run would pass it.
  process.argv.splice(2, 1);
  await COMMANDS[first]();
} else if (first === undefined || first.startsWith('-')) {
  await COMMANDS.start();
} else {
  console.error(`Unknown command "${first}": use start, trace or server.\n\n${usage}`);
  process.exit(2);
}
