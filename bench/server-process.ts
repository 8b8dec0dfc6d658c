import { serve } from '../server/node/serve.ts';
import { measureHeapAfterGc } from './measure-heap.ts';
import { startBareSdkServer } from './start-bare-sdk-server.ts';

/**
 * The server under test, alone in its own Node process (forked by start-server-process.ts
 * with --expose-gc): its heap is measured without the bench's clients in it, and on a
 * two-core machine server and clients each get a core. BENCH_SERVER_KIND=bare-sdk starts the
 * server part's reference instead (start-bare-sdk-server.ts), in a process of its own alike.
 */

type ParentMessage = { type: 'measure-heap' } | { type: 'measure-cpu' } | { type: 'close' };

const server =
  process.env.BENCH_SERVER_KIND === 'bare-sdk'
    ? await startBareSdkServer()
    : await serve({ port: 0, staticDirectory: process.env.BENCH_STATIC_DIRECTORY || undefined });
process.send?.({ type: 'ready', url: server.url });

process.on('message', (message: ParentMessage) => {
  if (message.type === 'measure-heap') {
    void measureHeapAfterGc().then((heap) => process.send?.({ type: 'heap', heap }));
  } else if (message.type === 'measure-cpu') {
    const { user, system } = process.cpuUsage();
    process.send?.({ type: 'cpu', microseconds: user + system });
  } else if (message.type === 'close') {
    void server.close().finally(() => process.exit(0));
  }
});
