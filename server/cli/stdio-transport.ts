import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { escapeTerminalText } from '../../src/trace/index.ts';
import type { StdioCommand } from '../node/index.ts';
import { readLines, MAX_LINE_BYTES } from '../node/index.ts';

/**
 * The MCP SDK's stdio transport for `npm run trace -- --stdio`. The server's stderr is its
 * log and goes to this terminal's stderr, beside the trace on stdout, but as text from a
 * server: line by line, every control character escaped (escape sequences, BEL, C1, bidi
 * overrides), as everything else the CLI prints is. Handed straight through, a program
 * could set the terminal's title, clear it or reorder what it shows.
 */
export function createStdioTransport(command: StdioCommand): StdioClientTransport {
  const transport = new StdioClientTransport({ command: command.command, args: command.args, stderr: 'pipe' });
  const stderr = transport.stderr;
  if (stderr) readLines(stderr, { maxLineBytes: MAX_LINE_BYTES, onLine: ({ line }) => process.stderr.write(`${escapeTerminalText({ text: line })}\n`) });
  return transport;
}
