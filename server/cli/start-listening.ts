import { parseArgs } from 'node:util';
import { serve, type RunningServer } from '../node/serve.ts';
import { NETWORK_FLAG_OPTIONS, readNetworkFlags } from '../node/network-flags.ts';
import { readPort } from './read-port.ts';

/**
 * What `npm start` and `npm run server` share: --port and the network flags (--host,
 * --allow-host, --allow-origin, the limits) read from the command line (bad ones stop with the usage), the server started, and a
 * port in use or an address this machine lacks told in words with what to do.
 * Ctrl+C and SIGTERM close the server before the process ends.
 */
export async function startListening(input: { usage: string; defaultPort: number; staticDirectory?: string; otherPortExample: string }): Promise<RunningServer> {
  const fail = (message: string): never => {
    console.error(`${message}\n\n${input.usage}`);
    process.exit(2);
  };
  let values;
  try {
    ({ values } = parseArgs({ options: { port: { type: 'string' }, ...NETWORK_FLAG_OPTIONS, help: { type: 'boolean', short: 'h' } } }));
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error));
  }
  if (values.help) {
    console.log(input.usage);
    process.exit(0);
  }
  const port = readPort(values.port ?? process.env.PORT, input.defaultPort, input.usage);
  const network = readNetworkFlags(values, fail);
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
