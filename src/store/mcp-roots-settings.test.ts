import { describe, expect, it } from 'vitest';
import { applyModelSettings, next } from './actions.ts';
import { applyDeepLinkSettings } from './deep-link.ts';
import { freshStoreForEachTest } from './fake-lifecycle-run.test-helper.ts';
import { SETTINGS_STORAGE_KEY, defaultModelSettings, loadModelSettings, prepareMcpServerSettings, type ModelSettings } from './model-settings.ts';

/**
 * The roots a learner shares with a server named by URL, from the settings: checked
 * (file:// only, no credentials, empty rows dropped), given to that server's run and to
 * no other, kept on the device with the URL, and never carried by a copied link.
 */

const fresh = freshStoreForEachTest();

const named = (fields: Partial<ModelSettings> = {}): ModelSettings => ({ ...defaultModelSettings(), mcpServerUrl: 'http://127.0.0.1:3001/mcp', ...fields });

describe('roots in the settings', () => {
  it('are checked: empty rows dropped, names trimmed, and each wrong row named with why', () => {
    const fine = prepareMcpServerSettings(
      named({
        mcpRoots: [
          { uri: ' file:///home/me/project ', name: ' project ' },
          { uri: '', name: '' },
        ],
      }),
    );
    expect(fine.problems).toEqual([]);
    expect(fine.settings.mcpRoots).toEqual([{ uri: 'file:///home/me/project', name: 'project' }]);
    const wrong = prepareMcpServerSettings(
      named({ mcpRoots: [{ uri: 'file:///ok' }, { uri: 'https://example.com/repo' }, { uri: 'file://me:hunter2@host/x' }, { uri: 'src', name: 'mine' }] }),
    );
    expect(wrong.problems).toEqual([
      expect.stringMatching(/^Root 2: .*only file:\/\//),
      expect.stringMatching(/^Root 3: .*user name or password/),
      expect.stringMatching(/^Root 4: .*not an absolute URI/),
    ]);
    expect(wrong.problems.join(' ')).not.toContain('hunter2');
  });

  it('reach the run of the named server only; none configured means none in the run', async () => {
    applyModelSettings(prepareMcpServerSettings(named({ mcpRoots: [{ uri: 'file:///srv/app', name: 'app' }] })).settings, {});
    let created = fresh.fakes.nextRun();
    next();
    expect((await created).options.roots).toEqual([{ uri: 'file:///srv/app', name: 'app' }]);
    applyModelSettings({ ...named({ mcpRoots: [{ uri: 'file:///srv/app' }] }), mcpServerUrl: null }, {});
    created = fresh.fakes.nextRun();
    next();
    expect((await created).options).not.toHaveProperty('roots');
    applyModelSettings(named(), {});
    created = fresh.fakes.nextRun();
    next();
    expect((await created).options).not.toHaveProperty('roots');
  });

  it('are kept on the device with the URL, a fresh.stored one that is no longer valid dropped', () => {
    applyModelSettings(prepareMcpServerSettings(named({ mcpRoots: [{ uri: 'file:///srv/app', name: 'app' }] })).settings, {});
    expect(JSON.parse(fresh.stored.get(SETTINGS_STORAGE_KEY)!)).toMatchObject({ mcpRoots: [{ uri: 'file:///srv/app', name: 'app' }] });
    expect(loadModelSettings().mcpRoots).toEqual([{ uri: 'file:///srv/app', name: 'app' }]);
    fresh.stored.set(
      SETTINGS_STORAGE_KEY,
      JSON.stringify({ mcpServerUrl: 'http://127.0.0.1:3001/mcp', mcpRoots: [{ uri: 'https://x.example/' }, { uri: 'file:///kept' }, 'odd'] }),
    );
    expect(loadModelSettings().mcpRoots).toEqual([{ uri: 'file:///kept' }]);
  });

  it('are not carried by a copied link: it opens on the built-in server, which is given none', async () => {
    applyModelSettings(prepareMcpServerSettings(named({ mcpRoots: [{ uri: 'file:///srv/app' }] })).settings, {});
    applyDeepLinkSettings({ scenarioId: 'happy-path', round: 1 });
    const created = fresh.fakes.nextRun();
    next();
    expect((await created).options).not.toHaveProperty('roots');
  });
});
