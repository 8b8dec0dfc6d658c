/**
 * Loaded into a CLI under test (NODE_OPTIONS=--import): when the test gives up waiting for
 * the process to end by itself and sends SIGTERM, the process says on stderr what was
 * still keeping it alive (a Timeout, a socket…), then exits. A process that ends by
 * itself never prints it.
 */
process.once('SIGTERM', () => {
  process.stderr.write(`\nStill alive with: ${JSON.stringify(process.getActiveResourcesInfo())}\n`);
  process.exit(143);
});
