import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { MAX_ANSWER_BYTES } from '../../server/node/bridge-event-stream.ts';
import { startServerProcess, type ServerProcess } from './server-process.ts';

/**
 * A bridged program that floods the bridge with long lines must not take the server's
 * memory with it, nor make one answer as large as the flood. Before, sixty unsolicited
 * 15 MB lines made the server peak at 2.67 GB and one answer 943,723,201 bytes long. Here
 * `npm run server --stdio` runs in its own process with a program that writes 32 lines of
 * 12 MiB (384 MiB in all), once with no call in flight and once while a call is; the
 * server's peak resident memory (VmHWM, read from /proc) and the answer's bytes are
 * measured, not the time it takes.
 */

const program = fileURLToPath(new URL('../helpers/stdio-programs/flooding-server.mjs', import.meta.url));
const LINES = 32;
const LINE_BYTES = 12 * 1024 * 1024;
const FLOOD_MIB = (LINES * LINE_BYTES) / 2 ** 20;
/**
 * What the server may grow by while it reads the flood: less than the flood. It keeps none
 * of it; what it grows by is the few lines read that V8 has not yet collected (about
 * 200 MiB here, as much for 24 lines as for 48). The old bridge kept every line, and framed
 * them all again for one answer: 24 such lines made it grow by 1,215 MiB.
 */
const MAX_GROWTH_MIB = 320;

const folder = mkdtempSync(join(tmpdir(), 'stdio-flood-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
let running: ServerProcess | undefined;
afterEach(async () => {
  await running?.stop();
  running = undefined;
});

function readPeakMiB(pid: number): number {
  const peak = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  if (peak === undefined) throw new Error(`No VmHWM in /proc/${pid}/status`);
  return Number(peak) / 1024;
}

async function startFlooding(name: string): Promise<{ server: ServerProcess; trigger: string; marker: string }> {
  const trigger = join(folder, `${name}.trigger`);
  const marker = join(folder, `${name}.flooded`);
  const command = JSON.stringify([process.execPath, program, String(LINES), String(LINE_BYTES), trigger, marker]);
  running = await startServerProcess(['--stdio', `flood=${command}`]);
  return { server: running, trigger, marker };
}

async function postAndCount(server: ServerProcess, body: unknown): Promise<{ status: number; bytes: number; text: string }> {
  const response = await fetch(`${server.url}/mcp/stdio/flood`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify(body),
  });
  // Counted as it comes; of an answer over 1 MiB (the old bridge's were hundreds) only the last 64 KiB is kept to read.
  let bytes = 0;
  let kept: Uint8Array[] = [];
  for await (const chunk of response.body ?? []) {
    bytes += chunk.byteLength;
    kept.push(chunk);
    if (bytes > 2 ** 20) kept = [Buffer.concat(kept).subarray(-64 * 1024)];
  }
  return { status: response.status, bytes, text: Buffer.concat(kept).toString('utf8') };
}

async function waitForFile(path: string): Promise<void> {
  for (let waited = 0; !existsSync(path); waited += 50) {
    if (waited > 120_000) throw new Error(`${path} was not written`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('a program that floods the bridge with long lines', () => {
  it(`written with no call in flight (${FLOOD_MIB} MiB): the server's memory and the next answer stay bounded`, async () => {
    const { server, trigger, marker } = await startFlooding('unsolicited');
    const before = readPeakMiB(server.pid);
    writeFileSync(trigger, '');
    await waitForFile(marker);
    const answer = await postAndCount(server, { jsonrpc: '2.0', id: 1, method: 'ping' });
    const growth = readPeakMiB(server.pid) - before;

    expect(answer.status).toBe(200);
    expect(answer.text).toContain('"result":{}');
    expect(answer.bytes).toBeLessThan(MAX_ANSWER_BYTES);
    // A line too long to wait is said to be cut, with its length.
    expect(answer.text).toMatch(/\(cut: a line of \d+ bytes, more than the 1048576 kept\)/);
    expect(growth, `the server's peak memory grew by ${Math.round(growth)} MiB`).toBeLessThan(MAX_GROWTH_MIB);
  }, 180_000);

  it(`written while a call is in flight (${FLOOD_MIB} MiB on stdout and stderr): the server's memory and the call's answer stay bounded, and the answer itself arrives`, async () => {
    const { server } = await startFlooding('in-call');
    const before = readPeakMiB(server.pid);
    const answer = await postAndCount(server, { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'flood', arguments: {} } });
    const growth = readPeakMiB(server.pid) - before;

    expect(answer.status).toBe(200);
    expect(answer.text).toContain('"id":7,"result":{}');
    expect(answer.bytes).toBeLessThan(MAX_ANSWER_BYTES);
    // Each of its lines is longer than the 8 MiB an answer gives lines beside its own: all were left out, and counted.
    expect(answer.text).toContain(`"dropped":${LINES}`);
    expect(growth, `the server's peak memory grew by ${Math.round(growth)} MiB`).toBeLessThan(MAX_GROWTH_MIB);
  }, 180_000);
});
