import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLifecycleRun } from '../src/lifecycle/engine.ts';
import { serve } from '../server/node/serve.ts';

/**
 * A tools/call answered by endless progress: an MCP server in front of the real one
 * sends notifications/progress every 10 ms and never the result. Prints what the host
 * kept after `seconds` (frames recorded, heap, CPU) and how the run ended.
 * Usage: node --expose-gc --import tsx bench/measure-endless-progress.ts [seconds] [--no-frame-bound]
 * (--no-frame-bound lifts the frame bound, to see the cost of recording itself.)
 */

const seconds = Number(process.argv[2] ?? 20);
const frameBound = process.argv.includes('--no-frame-bound') ? { limits: { maxAnswerFrames: Number.MAX_SAFE_INTEGER } } : {};

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

async function forward(target: string, request: IncomingMessage, response: ServerResponse, body: string): Promise<void> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || ['host', 'origin', 'content-length', 'connection'].includes(name)) continue;
    for (const item of [value].flat()) headers.append(name, item);
  }
  const upstream = await fetch(`${target}${request.url ?? ''}`, { method: request.method, headers, ...(request.method === 'POST' ? { body } : {}) });
  response.writeHead(
    upstream.status,
    Object.fromEntries([...upstream.headers].filter(([name]) => !['content-length', 'content-encoding', 'transfer-encoding', 'connection'].includes(name))),
  );
  response.end(Buffer.from(await upstream.arrayBuffer()));
}

const app = await serve({ port: 0 });
const timers = new Set<ReturnType<typeof setInterval>>();
const endless = createServer((request, response) => {
  void readBody(request).then(async (body) => {
    if (request.method === 'POST' && body.includes('"tools/call"')) {
      const id = (JSON.parse(body) as { id: number }).id;
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      let progress = 0;
      const timer = setInterval(() => {
        progress++;
        response.write(
          `event: message\ndata: ${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: id, progress, message: `Still working (${progress})` } })}\n\n`,
        );
      }, 10);
      timers.add(timer);
      response.on('close', () => clearInterval(timer));
      return;
    }
    await forward(app.url, request, response, body);
  });
});
await new Promise<void>((resolve) => endless.listen(0, '127.0.0.1', resolve));
const { port } = endless.address() as AddressInfo;

const run = createLifecycleRun({
  question: 'What is 5 plus 7?',
  era: '2025-11-25',
  mcpUrl: `http://127.0.0.1:${port}/mcp`,
  provider: { wire: 'openai-chat', kind: 'mock', baseUrl: `${app.url}/mock/openai/v1`, model: 'mock-model-deterministic' },
  autoRelease: true,
  ...frameBound,
});
const cpuBefore = process.cpuUsage();
const started = Date.now();
const finished = run.start();
const outcome = await Promise.race([
  finished.then(() => 'ended'),
  new Promise<string>((resolve) => setTimeout(() => resolve('still running'), seconds * 1000)),
]);
const cpu = process.cpuUsage(cpuBefore);
const heapBeforeCollectionMb = process.memoryUsage().heapUsed / 1024 / 1024;
const rssMb = process.memoryUsage().rss / 1024 / 1024;
globalThis.gc?.();
const heapMb = process.memoryUsage().heapUsed / 1024 / 1024;
const frames = run.trace.steps.filter((step) => step.id === 'server.progress').length;
const stepsWithFrames = run.trace.steps.filter((step) => step.http?.sse);
const frameCopies = stepsWithFrames.reduce((sum, step) => sum + (step.http?.sse?.length ?? 0), 0);
const distinctArrays = new Set(stepsWithFrames.map((step) => step.http?.sse)).size;
console.log(
  JSON.stringify(
    {
      seconds: Math.round((Date.now() - started) / 100) / 10,
      outcome,
      status: run.trace.status,
      progressSteps: frames,
      framesAsSeenByEverySteps: frameCopies,
      distinctFrameArrays: distinctArrays,
      heapMb: Math.round(heapMb),
      heapBeforeCollectionMb: Math.round(heapBeforeCollectionMb),
      rssMb: Math.round(rssMb),
      exportedMb: Math.round(JSON.stringify(run.trace).length / 1024 / 1024),
      cpuSeconds: Math.round((cpu.user + cpu.system) / 1e5) / 10,
      lastStep: run.trace.steps.at(-1)?.title,
    },
    null,
    2,
  ),
);
run.abort();
for (const timer of timers) clearInterval(timer);
endless.closeAllConnections();
endless.close();
await app.close();
process.exit(0);
