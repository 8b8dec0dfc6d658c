// A stdio MCP server written by hand, so that it says exactly what the bridge's isolation
// tests need, when they need it: each tool repeats its caller's secret on stderr, in a log
// notification tied to no request, in the call's progress and in a request of its own to
// the client (elicitation). `whisper` speaks while its call is alone in flight;
// `whisper-together` waits until two such calls are in flight and speaks for both while
// both are; `whisper-then-later` answers, then (in the same write, so the bridge reads
// both at once) sends one more log line when no call is in flight any more.
import { createInterface } from 'node:readline';

const write = (...messages) => process.stdout.write(messages.map((message) => `${JSON.stringify(message)}\n`).join(''));
const reply = (id, result) => write({ jsonrpc: '2.0', id, result });
const text = (value) => ({ content: [{ type: 'text', text: value }] });

let nextId = 1;
const waitingAnswers = new Map();
function askClient(method, params) {
  const id = `whisper-${nextId++}`;
  write({ jsonrpc: '2.0', id, method, params });
  return new Promise((resolve) => waitingAnswers.set(id, resolve));
}

function speak(secret, progressToken) {
  process.stderr.write(`whisper: ${secret}\n`);
  write({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', logger: 'whisper', data: `logged ${secret}` } });
  if (progressToken !== undefined)
    write({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken, progress: 1, total: 1, message: `progress ${secret}` } });
}

async function askAbout(secret) {
  const answer = await askClient('elicitation/create', {
    mode: 'form',
    message: `May I repeat ${secret}?`,
    requestedSchema: { type: 'object', properties: {} },
  });
  return answer.error ? `refused: ${answer.error.message}` : `answered: ${answer.result.action}`;
}

const together = [];
async function callTool(request) {
  const { name, arguments: args = {} } = request.params;
  const token = request.params._meta?.progressToken;
  if (name === 'whisper') {
    speak(args.secret, token);
    const asked = await askAbout(args.secret);
    return reply(request.id, text(`heard ${args.secret}; ${asked}`));
  }
  if (name === 'whisper-together') {
    together.push({ request, secret: args.secret, token });
    if (together.length < 2) return;
    const both = together.splice(0);
    for (const call of both) speak(call.secret, call.token);
    const asked = await Promise.all(both.map((call) => askAbout(call.secret)));
    both.forEach((call, index) => reply(call.request.id, text(`heard ${call.secret}; ${asked[index]}`)));
    return;
  }
  if (name === 'whisper-then-later') {
    return write(
      { jsonrpc: '2.0', id: request.id, result: text(`heard ${args.secret}`) },
      { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', logger: 'whisper', data: `later ${args.secret}` } },
    );
  }
  write({ jsonrpc: '2.0', id: request.id, error: { code: -32602, message: `Unknown tool ${name}` } });
}

const secretSchema = { type: 'object', properties: { secret: { type: 'string' } }, required: ['secret'] };
process.stderr.write('whispering server: started\n');
createInterface({ input: process.stdin }).on('line', (line) => {
  const message = JSON.parse(line);
  if (!('method' in message)) {
    waitingAnswers.get(message.id)?.(message);
    waitingAnswers.delete(message.id);
    return;
  }
  if (message.id === undefined) return;
  if (message.method === 'initialize') {
    return reply(message.id, {
      protocolVersion: message.params.protocolVersion,
      capabilities: { tools: {}, logging: {} },
      serverInfo: { name: 'whispering-server', version: '1.0.0' },
    });
  }
  if (message.method === 'tools/list') {
    return reply(message.id, { tools: ['whisper', 'whisper-together', 'whisper-then-later'].map((name) => ({ name, inputSchema: secretSchema })) });
  }
  if (message.method === 'tools/call') return void callTool(message);
  if (message.method === 'ping') return reply(message.id, {});
  write({ jsonrpc: '2.0', id: message.id, error: { code: -32601, message: `Method not found: ${message.method}` } });
});
