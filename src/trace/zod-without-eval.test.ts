import { describe, expect, it } from 'vitest';

// In a process of its own (tests/setup/test-files.json): the module sets zod's global configuration.
describe('zod-without-eval', () => {
  it('makes zod jitless without importing it, for zod and for zod/v4/core (which the MCP SDK imports)', async () => {
    // The page's order: this module first, then the chunks that bring zod.
    await import('./zod-without-eval.ts');
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
    // zod/v4/core's globalConfig is the object zod adopted from globalThis: the setting is in it too.
    const { globalConfig } = await import('zod/v4/core');
    expect(globalConfig.jitless).toBe(true);
  });

  it('compiles no parser: an object schema parses without calling new Function', async () => {
    await import('./zod-without-eval.ts');
    const { z } = await import('zod');
    const original = globalThis.Function;
    let constructed = 0;
    globalThis.Function = new Proxy(original, {
      construct(target, argumentsList) {
        constructed += 1;
        return Reflect.construct(target, argumentsList);
      },
    });
    try {
      const schema = z.object({ a: z.number(), b: z.string() });
      for (let index = 0; index < 5; index++) expect(schema.parse({ a: index, b: 'x' })).toEqual({ a: index, b: 'x' });
    } finally {
      globalThis.Function = original;
    }
    expect(constructed).toBe(0);
  });
});
