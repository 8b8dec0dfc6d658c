// A stdio MCP server whose one resource is as long as its URI asks: `long://BYTES` reads
// as a text of about BYTES bytes of UTF-8, so its answer is one JSON-RPC line that long.
// The text mixes ASCII with characters of two to four bytes (the React MCP App example's
// page has ℹ️ in its styles), so a chunk of the pipe may end inside any of them.
import { createInterface } from 'node:readline';

const UNIT = 'The time is 12:00 ℹ️ — é 🕛\n';

function readLong(uri) {
  const bytes = Number(/^long:\/\/(\d+)$/.exec(uri)?.[1]);
  const text = UNIT.repeat(Math.ceil(bytes / Buffer.byteLength(UNIT)));
  return { contents: [{ uri, mimeType: 'text/plain', text }] };
}

const results = {
  initialize: (params) => ({
    protocolVersion: params.protocolVersion,
    capabilities: { resources: {} },
    serverInfo: { name: 'long-answer-server', version: '1.0.0' },
  }),
  'resources/read': (params) => readLong(params.uri),
  ping: () => ({}),
};

createInterface({ input: process.stdin }).on('line', (line) => {
  const message = JSON.parse(line);
  if (message.id === undefined || !('method' in message)) return;
  const answer = results[message.method];
  const reply = answer
    ? { jsonrpc: '2.0', id: message.id, result: answer(message.params) }
    : { jsonrpc: '2.0', id: message.id, error: { code: -32601, message: `No method ${message.method}` } };
  process.stdout.write(`${JSON.stringify(reply)}\n`);
});
