import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { useServer } from '../tests/helpers/use-server.ts';
import { loadBuiltSides, loadSourceSides, type LifecycleSides } from './build-lifecycle-sides.ts';

/** The bench's lifecycle part runs a bundle of its own sides: it must build, and each side must still do the whole lifecycle against the real server. */

const server = useServer();

describe('the lifecycle sides as the bench builds them', () => {
  let built: LifecycleSides;
  beforeAll(async () => {
    built = await loadBuiltSides();
  }, 60_000);

  it('are the bundle, not the source through tsx', async () => {
    expect(built.runEngineLifecycle).not.toBe(loadSourceSides().runEngineLifecycle);
    const bundle = await readFile(fileURLToPath(new URL('../node_modules/.cache/mcp-lifecycle-explorer-bench/lifecycle-sides.mjs', import.meta.url)), 'utf8');
    expect(bundle).toContain('function runEngineLifecycle(');
    // The SDK stays a package import, as in the npm package: the bare side is the SDK as npm ships it.
    expect(bundle).toMatch(/from "@modelcontextprotocol\/client"/);
    expect(bundle).not.toContain('__name(');
  });

  it("run the engine's lifecycle to the answer", async () => {
    const trace = await built.runEngineLifecycle({ serverUrl: server.url });
    expect(built.checkEngineAnswer(trace)).toBeUndefined();
    expect(trace.steps.map((step) => step.id)).toContain('mcp.tools-call.response');
  });

  it('run the bare lifecycle, and each layer of the engine in it, to the same answer', async () => {
    const question = { serverUrl: server.url, question: built.BENCH_QUESTION, model: built.MOCK_MODEL };
    expect(await built.runBareLifecycle(question)).toBe(built.EXPECTED_ANSWER);
    expect(await built.runRecordedLifecycle({ serverUrl: server.url, layer: 'recorder' })).toBe(built.EXPECTED_ANSWER);
    expect(await built.runRecordedLifecycle({ serverUrl: server.url, layer: 'traffic' })).toBe(built.EXPECTED_ANSWER);
  });
});
