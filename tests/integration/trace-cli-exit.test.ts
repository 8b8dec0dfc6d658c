import { once } from 'node:events';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { WIRE_CATALOG } from '../../src/providers/wire-catalog.ts';
import { spawnCli } from '../helpers/cli-command.ts';

/**
 * `npm run trace` ends when its run ends, in every wire format, whole and streamed: no
 * timer, socket or stream of the run is left to keep Node alive (an NDJSON exchange's
 * clock once kept an Ollama streamed run's process up for the rest of its three minutes).
 * The process must exit by itself after printing its last line; one that does not is
 * asked to say what it still holds (tests/helpers/report-active-resources.mjs), then ended.
 */

/** Generous on a loaded two-core machine: the CLI's own close takes milliseconds; the timer it once left ran three minutes. */
const EXIT_BOUND_MS = 5_000;
const REPORTER = pathToFileURL(new URL('../helpers/report-active-resources.mjs', import.meta.url).pathname).href;

async function runUntilLastLine(
  parameters: string[],
): Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string; exitedByItself: boolean }> {
  const child = spawnCli('trace', parameters, { NODE_OPTIONS: `--import=${REPORTER}` });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
  // The last line printed is the status (the answer, when there is one, comes in the same write).
  await new Promise<void>((resolve) => {
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (/\nStatus: /.test(stdout)) resolve();
    });
    void exited.then(() => resolve());
  });
  let exitedByItself = true;
  const bound = setTimeout(() => {
    exitedByItself = false;
    child.kill('SIGTERM');
  }, EXIT_BOUND_MS);
  const [code, signal] = await exited;
  clearTimeout(bound);
  return { code, signal, stdout, stderr, exitedByItself };
}

describe('npm run trace exits when its run is over', () => {
  const cases = WIRE_CATALOG.flatMap((wire) => (['--whole', '--stream'] as const).map((mode) => [wire.id, mode] as const));
  it.each(cases)(
    '%s %s: the process ends by itself after its last line, exit code 0',
    async (wire, mode) => {
      const result = await runUntilLastLine(['--wire', wire, mode]);
      expect(result.stdout).toContain('Status: complete');
      expect(
        result.exitedByItself,
        `still running ${EXIT_BOUND_MS} ms after its last line; ${result.stderr
          .split('\n')
          .filter((line) => line.startsWith('Still alive'))
          .join(' ')}`,
      ).toBe(true);
      expect(result.signal).toBeNull();
      expect(result.code).toBe(0);
    },
    60_000,
  );

  // A reply that broke off leaves its stream or body unread to its end: nothing of it may keep the process up either.
  it.each(['--whole', '--stream'])(
    'the interrupted scenario %s: the process ends by itself after its last line, exit code 7',
    async (mode) => {
      const result = await runUntilLastLine(['--scenario', 'interrupted', mode]);
      expect(result.stdout).toContain('Status: interrupted');
      expect(
        result.exitedByItself,
        `still running ${EXIT_BOUND_MS} ms after its last line; ${result.stderr
          .split('\n')
          .filter((line) => line.startsWith('Still alive'))
          .join(' ')}`,
      ).toBe(true);
      expect(result.signal).toBeNull();
      expect(result.code).toBe(7);
    },
    60_000,
  );
});
