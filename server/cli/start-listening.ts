import { parseArgs } from 'node:util';
import { serve, type RunningServer, NETWORK_FLAG_OPTIONS, readNetworkFlags, readStdioFlags } from '../node/index.ts';
import { readPort } from './read-port.ts';
import { MAX_BRIDGE_SESSION_PROGRAMS } from '../../src/trace/index.ts';

/** --stdio NAME="COMMAND ARGS" and --stdio-shared (repeatable), and the one flag that lets bridges serve beyond loopback. */
export const STDIO_FLAG_OPTIONS = {
  stdio: { type: 'string', multiple: true },
  'stdio-shared': { type: 'string', multiple: true },
  'allow-stdio-beyond-loopback': { type: 'boolean' },
} as const;

export const STDIO_FLAG_USAGE = `  --stdio NAME="COMMAND ARGS"
                       start a stdio MCP server and serve it at /mcp/stdio/NAME as Streamable HTTP
                       (repeat for several; NAME is a-z, 0-9 and -). The words are split without a
                       shell (quotes group words; NAME='["program","arg"]' is taken as it is).
                       Each client's session gets a program of its own (the command started
                       again, at most ${MAX_BRIDGE_SESSION_PROGRAMS} at once, each stopped when its session ends).
  --stdio-shared NAME="COMMAND ARGS"
                       the same, with one program for every client: for a command that cannot
                       run twice at once (it holds a port or a lock). What one client declares
                       in initialize, the program keeps for all of them.
                       Only this machine may use it: with --host beyond loopback it refuses to start
  --allow-stdio-beyond-loopback
                       unless this flag is given too.`;

/**
 * What `npm start` and `npm run server` share: --port and the network flags (--host,
 * --allow-host, --allow-origin, the limits) read from the command line (bad ones stop with the usage), the server started, and a
 * port in use or an address this machine lacks told in words with what to do.
 * Ctrl+C and SIGTERM close the server before the process ends.
 */
export async function startListening(input: {
  usage: string;
  defaultPort: number;
  staticDirectory?: string;
  otherPortExample: string;
}): Promise<RunningServer> {
  const fail = (message: string): never => {
    console.error(`${message}\n\n${input.usage}`);
    process.exit(2);
  };
  let values;
  try {
    ({ values } = parseArgs({ options: { port: { type: 'string' }, ...NETWORK_FLAG_OPTIONS, ...STDIO_FLAG_OPTIONS, help: { type: 'boolean', short: 'h' } } }));
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error));
  }
  if (values.help) {
    console.log(input.usage);
    process.exit(0);
  }
  const port = readPort(values.port ?? process.env.PORT, input.defaultPort, input.usage);
  const network = readNetworkFlags(values, fail);
  const stdioServers = readStdioFlags(values.stdio, fail, values['stdio-shared']);
  if (network.warning) console.error(network.warning);
  try {
    const server = await serve({
      port,
      host: network.host,
      allowedHostnames: network.allowedHostnames,
      allowedOrigins: network.allowedOrigins,
      maxConnections: network.maxConnections,
      ...(network.clientLimits ? { clientLimits: network.clientLimits } : {}),
      ...(input.staticDirectory ? { staticDirectory: input.staticDirectory } : {}),
      log: (line) => console.error(line),
      stdioServers,
      allowStdioBeyondLoopback: values['allow-stdio-beyond-loopback'] === true,
    });
    const stop = () => void server.close().then(() => process.exit(0));
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
    return server;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') console.error(`Port ${port} is already in use. Stop the other program or choose another port: ${input.otherPortExample}`);
    else if (code === 'EADDRNOTAVAIL') console.error(`Cannot listen on ${network.host}: this machine has no such address. Leave out --host to use 127.0.0.1.`);
    else console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}
