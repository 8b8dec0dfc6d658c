import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_MAX_TOOL_ROUNDS,
  readChosenMaxToolRounds,
  defaultModelSettings,
  loadModelSettings,
  MAX_TOOL_ROUNDS_LIMIT,
  prepareMcpServerSettings,
  readStreamChoice,
  resolveTopology,
  saveModelSettings,
  SETTINGS_STORAGE_KEY,
} from './model-settings.ts';
import { findScenario } from '../content/scenarios.ts';
import { buildScenarioRunOptions } from '../lifecycle/scenario-options.ts';
import { stubPageStorage } from './page-storage.test-helper.ts';

afterEach(() => vi.unstubAllGlobals());

describe('Streamed / Whole in the model settings', () => {
  it('streams real providers and not the mock unless chosen', () => {
    const settings = defaultModelSettings();
    expect(readStreamChoice(settings)).toBe(false);
    expect(readStreamChoice({ ...settings, kind: 'real' })).toBe(true);
  });

  it('keeps the choice on this device, falling back to the default for a value that is not a yes or no', () => {
    const values = stubPageStorage();
    saveModelSettings({ ...defaultModelSettings(), stream: { mock: true, real: false } });
    expect(loadModelSettings().stream).toEqual({ mock: true, real: false });
    values.set(SETTINGS_STORAGE_KEY, JSON.stringify({ stream: { mock: 'yes' } }));
    expect(loadModelSettings().stream).toEqual({ mock: false, real: true });
  });
});

describe('the round cap in the model settings', () => {
  it('defaults to the host’s cap and keeps a whole number from 1 to the limit', () => {
    const values = stubPageStorage();
    expect(defaultModelSettings().maxToolRounds).toBe(DEFAULT_MAX_TOOL_ROUNDS);
    saveModelSettings({ ...defaultModelSettings(), maxToolRounds: 2 });
    expect(loadModelSettings().maxToolRounds).toBe(2);
    for (const odd of [0, -1, 2.5, MAX_TOOL_ROUNDS_LIMIT + 1, '3', null]) {
      values.set(SETTINGS_STORAGE_KEY, JSON.stringify({ maxToolRounds: odd }));
      expect(loadModelSettings().maxToolRounds).toBe(DEFAULT_MAX_TOOL_ROUNDS);
    }
  });

  it('lets a scenario’s own cap hold at the default, and the learner’s number win otherwise', () => {
    const capOf = (settings: { maxToolRounds: number }, scenarioId: string) =>
      buildScenarioRunOptions({
        scenario: findScenario(scenarioId),
        question: 'q',
        era: '2026-07-28',
        resolveAppPath: (path) => path,
        provider: { wire: 'openai-chat', kind: 'mock', baseUrl: '', model: '' },
        maxToolRounds: readChosenMaxToolRounds(settings),
      }).maxToolRounds ?? DEFAULT_MAX_TOOL_ROUNDS;
    const settings = defaultModelSettings();
    expect(findScenario('round-cap')?.maxToolRounds).toBe(3);
    expect(capOf(settings, 'happy-path')).toBe(DEFAULT_MAX_TOOL_ROUNDS);
    expect(capOf(settings, 'round-cap')).toBe(3);
    expect(capOf({ maxToolRounds: 7 }, 'round-cap')).toBe(7);
    expect(capOf({ maxToolRounds: 1 }, 'happy-path')).toBe(1);
  });
});

describe('the model in the tab in the model settings', () => {
  it('is kept as the choice with its grammar switch (on unless turned off), and asks for no HTTP stream', () => {
    const values = stubPageStorage();
    expect(defaultModelSettings().tab).toEqual({ grammar: true });
    saveModelSettings({ ...defaultModelSettings(), kind: 'tab', tab: { grammar: false } });
    expect(loadModelSettings()).toMatchObject({ kind: 'tab', tab: { grammar: false } });
    expect(readStreamChoice(loadModelSettings())).toBe(false);
    values.set(SETTINGS_STORAGE_KEY, JSON.stringify({ kind: 'tab', tab: { grammar: 'no' } }));
    expect(loadModelSettings().tab).toEqual({ grammar: true });
    values.set(SETTINGS_STORAGE_KEY, JSON.stringify({ kind: 'telepathy' }));
    expect(loadModelSettings().kind).toBe('mock');
  });
});

describe('who calls the MCP server, in the model settings', () => {
  it('is the host by default, and the provider only in a format whose provider can be the MCP client', () => {
    expect(defaultModelSettings().topology).toBe('host');
    expect(resolveTopology({ settings: { kind: 'mock', topology: 'provider', wire: 'anthropic' }, scenario: undefined })).toEqual({
      topology: 'provider',
      wire: 'anthropic',
    });
    expect(resolveTopology({ settings: { kind: 'mock', topology: 'provider', wire: 'openai-chat' }, scenario: undefined })).toEqual({
      topology: 'host',
      wire: 'openai-chat',
    });
  });

  it('lets the provider-mcp lesson take its own format when the learner’s cannot run it, and keep the learner’s when it can', () => {
    const scenario = findScenario('provider-mcp');
    expect(resolveTopology({ settings: { kind: 'mock', topology: 'host', wire: 'gemini' }, scenario })).toEqual({
      topology: 'provider',
      wire: 'openai-responses',
    });
    expect(resolveTopology({ settings: { kind: 'mock', topology: 'host', wire: 'anthropic' }, scenario })).toEqual({ topology: 'provider', wire: 'anthropic' });
  });

  it('is the host with the model in the tab, which no provider reaches, in the provider-mcp lesson too; a kept provider setting does not stop Apply', () => {
    const tab = { kind: 'tab' as const, topology: 'provider' as const, wire: 'openai-chat' };
    expect(resolveTopology({ settings: tab, scenario: undefined })).toEqual({ topology: 'host', wire: 'openai-chat' });
    expect(resolveTopology({ settings: { ...tab, wire: 'openai-responses' }, scenario: findScenario('provider-mcp') })).toEqual({
      topology: 'host',
      wire: 'openai-responses',
    });
    expect(prepareMcpServerSettings({ ...defaultModelSettings(), ...tab }).problems).toEqual([]);
  });

  it('refuses to apply provider-side MCP with a format that has none, saying which have it', () => {
    const { problems } = prepareMcpServerSettings({ ...defaultModelSettings(), topology: 'provider', wire: 'openai-chat' });
    expect(problems).toEqual([expect.stringContaining('Only OpenAI Responses and Anthropic Messages have a provider that calls the MCP server itself')]);
    expect(prepareMcpServerSettings({ ...defaultModelSettings(), topology: 'provider', wire: 'openai-responses' }).problems).toEqual([]);
  });

  it('keeps the choice on this device, and reads anything else as the host', () => {
    const values = stubPageStorage();
    saveModelSettings({ ...defaultModelSettings(), wire: 'anthropic', topology: 'provider', requireApproval: 'never' });
    expect(loadModelSettings()).toMatchObject({ topology: 'provider', requireApproval: 'never' });
    values.set(SETTINGS_STORAGE_KEY, JSON.stringify({ ...JSON.parse(values.get(SETTINGS_STORAGE_KEY)!), topology: 'sideways', requireApproval: 'sometimes' }));
    expect(loadModelSettings()).toMatchObject({ topology: 'host', requireApproval: 'always' });
  });
});
