import { describe, expect, it } from 'vitest';
import { applyModelSettings, next, chooseScenario, signInToServer } from './actions.ts';
import { useExplorerStore } from './explorer-store.ts';
import { freshStoreForEachTest } from './fake-lifecycle-run.test-helper.ts';
import {
  MCP_HEADERS_STORAGE_KEY,
  SETTINGS_STORAGE_KEY,
  defaultModelSettings,
  loadModelSettings,
  prepareMcpServerSettings,
  type ModelSettings,
} from './model-settings.ts';

/**
 * The MCP server settings: a server by URL starts in the Auto era, its headers reach the
 * run (and only for that server), and they are kept in memory unless the learner asks to
 * remember them. Storage is a plain Map behind the Storage interface.
 */

const { getState } = useExplorerStore;
const TOKEN = 'tok_page_1a2b3c4d5e6f7a8b';
const fresh = freshStoreForEachTest();

const named = (fields: Partial<ModelSettings> = {}): ModelSettings => ({
  ...defaultModelSettings(),
  mcpServerUrl: 'http://127.0.0.1:3001/mcp',
  mcpHeaders: [{ name: 'Authorization', value: `Bearer ${TOKEN}` }],
  ...fields,
});

describe('a server named by URL', () => {
  it('starts in the Auto era, and the built-in server goes back to 2025-11-25', () => {
    applyModelSettings(named(), {});
    expect(getState().era).toBe('auto');
    applyModelSettings(defaultModelSettings(), {});
    expect(getState().era).toBe('2025-11-25');
  });

  it('gets the headers in its run; the built-in server never does', async () => {
    applyModelSettings(named(), {});
    let created = fresh.fakes.nextRun();
    next();
    expect((await created).options).toMatchObject({
      era: 'auto',
      mcpUrl: 'http://127.0.0.1:3001/mcp',
      mcpHeaders: [{ name: 'Authorization', value: `Bearer ${TOKEN}` }],
    });
    applyModelSettings({ ...named(), mcpServerUrl: null }, {});
    created = fresh.fakes.nextRun();
    next();
    expect((await created).options.mcpHeaders).toEqual([]);
  });
});

describe('the headers in storage', () => {
  it('are kept in memory only, unless remembered', () => {
    applyModelSettings(named(), {});
    expect([...fresh.stored.values()].join(' ')).not.toContain(TOKEN);
    expect(loadModelSettings().mcpHeaders).toEqual([]);
    applyModelSettings(named({ rememberMcpHeaders: true }), {});
    expect(fresh.stored.get(MCP_HEADERS_STORAGE_KEY)).toContain(TOKEN);
    expect(fresh.stored.get(SETTINGS_STORAGE_KEY)).not.toContain(TOKEN);
    expect(loadModelSettings().mcpHeaders).toEqual([{ name: 'Authorization', value: `Bearer ${TOKEN}` }]);
    applyModelSettings(named({ rememberMcpHeaders: false }), {});
    expect(fresh.stored.has(MCP_HEADERS_STORAGE_KEY)).toBe(false);
  });

  it('ignore fresh.stored rows that are not headers', () => {
    fresh.stored.set(SETTINGS_STORAGE_KEY, JSON.stringify({ rememberMcpHeaders: true }));
    fresh.stored.set(MCP_HEADERS_STORAGE_KEY, JSON.stringify([{ name: 'X-Team', value: 'blue' }, { name: 7 }, 'Authorization: x', null]));
    expect(loadModelSettings().mcpHeaders).toEqual([{ name: 'X-Team', value: 'blue' }]);
  });
});

describe('prepareMcpServerSettings', () => {
  it('refuses a URL with a user and password, and drops empty header rows', () => {
    const prepared = prepareMcpServerSettings(named({ mcpServerUrl: 'http://learner:pw-page-1234@127.0.0.1:3001/mcp', mcpHeaders: [{ name: '', value: '' }] }));
    expect(prepared.problems).toEqual([expect.stringContaining('holds a user name or password')]);
    expect(prepared.problems.join(' ')).not.toContain('pw-page-1234');
    expect(prepared.settings.mcpHeaders).toEqual([]);
  });

  it('never loads a fresh.stored URL with credentials', () => {
    fresh.stored.set(SETTINGS_STORAGE_KEY, JSON.stringify({ mcpServerUrl: 'http://learner:pw-old-5678@127.0.0.1:3001/mcp' }));
    expect(loadModelSettings().mcpServerUrl).toBeNull();
  });
});

describe('a client id registered beforehand', () => {
  it('goes to the run of a named server once the learner chose Sign in, trimmed, and is kept with the settings', async () => {
    applyModelSettings(prepareMcpServerSettings(named({ mcpClientId: '  explorer-page-client \n' })).settings, {});
    let created = fresh.fakes.nextRun();
    next();
    // Before Sign in, a named server's run has no authorization at all: its 401 ends the run with the choice.
    expect((await created).options.authorization).toBeUndefined();
    created = fresh.fakes.nextRun();
    signInToServer();
    expect((await created).options.authorization).toMatchObject({
      clientId: 'explorer-page-client',
      redirectUri: 'http://127.0.0.1:5173/oauth-callback.html',
      showSecrets: false,
    });
    expect(loadModelSettings().mcpClientId).toBe('explorer-page-client');
  });

  it("is not used when empty, nor by the built-in sandbox, whose client the explorer's own document names", async () => {
    applyModelSettings(named(), {});
    let created = fresh.fakes.nextRun();
    signInToServer();
    expect((await created).options.authorization).toBeDefined();
    expect((await created).options.authorization?.clientId).toBeUndefined();
    applyModelSettings({ ...named({ mcpClientId: 'explorer-page-client' }), mcpServerUrl: null }, {});
    chooseScenario('authorization');
    created = fresh.fakes.nextRun();
    next();
    expect((await created).options.authorization).toMatchObject({ showSecrets: true, clientMetadataUrl: 'http://127.0.0.1:5173/oauth/client-metadata.json' });
    expect((await created).options.authorization?.clientId).toBeUndefined();
  });
});
