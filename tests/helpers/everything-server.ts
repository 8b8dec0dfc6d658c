import { fileURLToPath } from 'node:url';
import type { NamedStdioCommand } from '../../server/node/parse-stdio-command.ts';

/** The reference "everything" MCP server (@modelcontextprotocol/server-everything), a server we did not write. */
export const EVERYTHING_ENTRY = fileURLToPath(new URL('../../node_modules/@modelcontextprotocol/server-everything/dist/index.js', import.meta.url));

/** It over stdio, as `--stdio everything="node …/dist/index.js stdio"` names it. */
export const EVERYTHING_STDIO: NamedStdioCommand = { name: 'everything', command: process.execPath, args: [EVERYTHING_ENTRY, 'stdio'] };

/** Makes a program's listen(port) bind 127.0.0.1: the everything server's HTTP mode would listen on every address. */
export const LISTEN_ON_LOOPBACK = fileURLToPath(new URL('./listen-on-loopback.mjs', import.meta.url));
