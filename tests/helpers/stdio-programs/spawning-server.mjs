// A stdio program that starts a helper of its own, as `npx` starts the real server or a
// server starts a worker: `node spawning-server.mjs PIDFILE [exit]`. The helper ignores
// SIGTERM. Once it runs, both pids are written to PIDFILE as JSON; with `exit` the
// program then exits, leaving its helper behind, else it waits on stdin.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';

const [pidFile, mode] = process.argv.slice(2);
const helper = spawn(process.execPath, ['-e', "process.on('SIGTERM', () => {}); setInterval(() => {}, 1000); console.log('ready')"], {
  stdio: ['ignore', 'pipe', 'ignore'],
});
helper.stdout.once('data', () => {
  writeFileSync(pidFile, JSON.stringify({ program: process.pid, helper: helper.pid }));
  if (mode === 'exit') process.exit(0);
});
process.stdin.resume();
