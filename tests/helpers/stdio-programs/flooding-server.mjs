// A stdio program that floods the bridge with long lines, as a hostile or broken server
// would: `node flooding-server.mjs LINES BYTES TRIGGER MARKER`. Once the file TRIGGER
// exists it writes LINES unsolicited log notifications of BYTES bytes each to stdout, then
// creates MARKER. It answers ping, and a tools/call of `flood` with LINES long lines written
// while that call is in flight, before its answer: log notifications on stdout and lines
// on stderr by turns.
// Each write waits for the pipe to take it, so the flood is the bridge's to read, not the
// program's to hold.
import { existsSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

const [lines, bytes, trigger, marker] = [Number(process.argv[2]), Number(process.argv[3]), process.argv[4], process.argv[5]];
const padding = 'x'.repeat(bytes);
const notification = (label) =>
  `${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: `${label} ${padding}` } })}\n`;
const send = (stream, text) => new Promise((resolve) => stream.write(text, resolve));

async function flood(label, { stderr = false } = {}) {
  for (let index = 0; index < lines; index++) {
    if (stderr && index % 2 === 1) await send(process.stderr, `${label} ${index} ${padding}\n`);
    else await send(process.stdout, notification(`${label} ${index}`));
  }
}

const waitForTrigger = setInterval(() => {
  if (!existsSync(trigger)) return;
  clearInterval(waitForTrigger);
  void flood('unsolicited').then(() => writeFileSync(marker, 'flooded'));
}, 20);

createInterface({ input: process.stdin }).on('line', async (line) => {
  const message = JSON.parse(line);
  if (message.id === undefined || !('method' in message)) return;
  if (message.method === 'tools/call') await flood('during the call', { stderr: true });
  await send(process.stdout, `${JSON.stringify({ jsonrpc: '2.0', id: message.id, result: {} })}\n`);
});
