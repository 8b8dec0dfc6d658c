import { spawn } from 'node:child_process';

/**
 * Runs npm scripts at the same time and fails when any fails, naming which: `npm test`'s
 * typecheck and lint are one process each, on one core each, and side by side they take
 * the time of the longer instead of the sum (31 and 29 s on a slow 2-core machine).
 * Each prints only what goes wrong, so their output is left as it comes.
 */

function runScript(name: string): Promise<number> {
  return new Promise((resolve) => {
    // Through a shell, as npm itself starts scripts: on Windows npm is npm.cmd.
    const child = spawn(`npm run ${name}`, { stdio: 'inherit', shell: true });
    child.on('error', (error) => {
      console.error(`npm run ${name} could not start: ${error.message}`);
      resolve(1);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const names = process.argv.slice(2);
if (names.length === 0 || names.some((name) => !/^[\w:.-]+$/.test(name))) {
  console.error('Usage: tsx scripts/run-side-by-side.ts <npm script> <npm script> …, each a script name of package.json.');
  process.exit(2);
}
const codes = await Promise.all(names.map(runScript));
const failed = names.filter((_, index) => codes[index] !== 0);
if (failed.length > 0) {
  console.error(`Failed: ${failed.map((name) => `npm run ${name}`).join(', ')}.`);
  process.exit(1);
}
