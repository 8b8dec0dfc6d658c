import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_TOOL_ROUNDS } from '../../lifecycle/run-context.ts';
import { describeWhatIsLeftOut } from './describe-left-out.ts';

type Model = Parameters<typeof describeWhatIsLeftOut>[0]['model'];
const withModel = (changes: Partial<Model>) => ({
  model: { kind: 'mock' as const, mcpServerUrl: null, maxToolRounds: DEFAULT_MAX_TOOL_ROUNDS, strict: false, ...changes },
  steps: [],
});

describe('describeWhatIsLeftOut', () => {
  it('says nothing when the link carries the whole run', () => {
    expect(describeWhatIsLeftOut(withModel({}))).toBeNull();
  });

  it('names the round cap and strict mode the learner set, which a link does not carry', () => {
    expect(describeWhatIsLeftOut(withModel({ maxToolRounds: 2 }))).toBe(
      'Your cap of 2 tool rounds is not in the link: whoever opens it runs with their own cap (the scenario’s, unless they set one).',
    );
    const both = describeWhatIsLeftOut(withModel({ maxToolRounds: 2, strict: true }));
    expect(both).toContain('cap of 2 tool rounds');
    expect(both).toContain('OpenAI strict mode is not in the link');
  });

  it('says a real provider’s key, base URL and model name stay on this device', () => {
    expect(describeWhatIsLeftOut(withModel({ kind: 'real' }))).toContain('never carries your key, base URL or model name');
  });

  it('gives no link for another MCP server', () => {
    expect(describeWhatIsLeftOut(withModel({ mcpServerUrl: 'https://example.test/mcp' }))).toMatch(/^A link opens the built-in server only/);
  });
});
