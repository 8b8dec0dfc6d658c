import type { Step } from '../../src/trace/trace.ts';

/**
 * A long run of steps shaped like the relentless mock model's (a model reply, the user's
 * consent, a tools/call and its answer, the server's reports, every round), each step
 * wrapped so that every read of one of its fields is counted: a derivation over the run
 * that reads each step a bounded number of times is linear; one that reads the whole run
 * again per round or per gate is not, whatever the machine's speed.
 */
export function createCountedRun(rounds: number): { steps: Step[]; reads: () => number } {
  let reads = 0;
  const steps: Step[] = [];
  const add = (id: string, iteration: number, payload: unknown = {}) => {
    const step: Step = {
      n: steps.length + 1,
      id,
      canonical: null,
      iteration,
      phase: 'execution',
      from: 'host',
      to: 'host',
      kind: 'internal',
      title: id,
      payload,
      at: 0,
    };
    steps.push(
      new Proxy(step, {
        get(target, key, receiver) {
          reads++;
          return Reflect.get(target, key, receiver) as unknown;
        },
      }),
    );
  };
  for (let round = 1; round <= rounds; round++) {
    add('provider.response.tool-calls', round);
    add('llm.decide', round);
    add('host.translate-tool-call', round, { name: 'add_numbers', arguments: { a: 5, b: 7 } });
    add('host.ask-consent', round, { tool: 'add_numbers' });
    add('user.consent', round, { decision: 'allow' });
    add('mcp.tools-call.request', round, { params: { name: 'add_numbers' } });
    add('server.validate-arguments', round);
    add('server.execute', round);
    add('mcp.tools-call.response', round, { result: { content: [] } });
    add('client.result-to-host', round);
  }
  return { steps, reads: () => reads };
}
