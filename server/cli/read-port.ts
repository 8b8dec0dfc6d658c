/** A port from a flag or the environment; anything else stops with a clear message. */
export function readPort(raw: string | undefined, fallback: number, usage: string): number {
  if (raw === undefined || raw === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`"${raw}" is not a port number: use a whole number from 0 to 65535.\n\n${usage}`);
    process.exit(2);
  }
  return port;
}
