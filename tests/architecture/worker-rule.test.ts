import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The page's policy lets a blob: URL be a worker (worker-src blob:), because wllama starts
 * llama.cpp's worker from one (SECURITY.md, "The model in the tab"). The policy would no
 * longer refuse text the app's own code turned into a worker, so lint refuses starting one
 * anywhere in src/ and server/ but the policy check, whose worker is a constant
 * (eslint.config.js, workerSyntax).
 */

const STARTS = ['new Worker(URL.createObjectURL(new Blob([code])));', "new Worker(url, { type: 'module' });", 'new SharedWorker(url);'];

const PREAMBLE = 'declare const url: string;\ndeclare const code: string;\n';

async function countWorkerErrors(code: string, filePath: string): Promise<number> {
  const [result] = await new ESLint().lintText(`${PREAMBLE}${code}\n`, { filePath });
  return result!.messages.filter((message) => message.ruleId === 'no-restricted-syntax' && message.message.includes('blob: workers')).length;
}

describe('workers under a policy that allows blob: workers', () => {
  it.each(STARTS)(
    'lint refuses %s in the page, the store, the engine, the Service Worker and the server',
    async (code) => {
      for (const filePath of [
        'src/ui/inspector/probe.tsx',
        'src/store/tab-model/probe.ts',
        'src/lifecycle/probe.ts',
        'src/service-worker/probe.ts',
        'server/node/probe.ts',
      ]) {
        expect(await countWorkerErrors(code, filePath), filePath).toBe(1);
      }
    },
    30_000,
  );

  it('lets the policy check start its constant worker', async () => {
    expect(await countWorkerErrors(STARTS[0]!, 'src/store/tab-model/check-page-policy.ts')).toBe(0);
  }, 30_000);
});
