import type { HostRoot } from '../../lifecycle/index.ts';
import type { ModelSettings } from '../../store/index.ts';

const field = 'rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100';
const button = 'rounded border border-slate-300 px-2 py-0.5 text-xs dark:border-slate-600';

/**
 * The roots shared with the server named by URL: file:// URIs with optional names. With
 * none the host declares no roots at all; the page has no folders of its own, so every
 * root is one the learner typed. Checked when the settings are applied (model-settings.ts).
 */
export function RootsEditor({ draft, setDraft }: { draft: ModelSettings; setDraft: (draft: ModelSettings) => void }) {
  const roots = draft.mcpRoots;
  const setRoots = (mcpRoots: HostRoot[]) => setDraft({ ...draft, mcpRoots });
  const change = (index: number, edit: Partial<HostRoot>) => setRoots(roots.map((root, at) => (at === index ? { ...root, ...edit } : root)));
  return (
    <div
      className="flex flex-col gap-2 rounded-md border border-slate-200 p-3 dark:border-slate-700"
      role="group"
      aria-label="Roots shared with the MCP server"
    >
      <span className="text-xs font-medium text-slate-600 dark:text-slate-300">Roots shared with the MCP server (optional)</span>
      {roots.map((root, index) => (
        <div key={index} className="flex flex-wrap items-center gap-2" data-testid="mcp-root-row">
          <input
            className={`${field} min-w-0 flex-1`}
            aria-label={`Root ${index + 1} URI`}
            placeholder="file:///home/me/project"
            value={root.uri}
            onChange={(event) => change(index, { uri: event.target.value })}
            spellCheck={false}
          />
          <input
            className={`${field} w-36`}
            aria-label={`Root ${index + 1} name`}
            placeholder="name (optional)"
            value={root.name ?? ''}
            onChange={(event) => change(index, { name: event.target.value })}
            spellCheck={false}
          />
          <button type="button" className={button} aria-label={`Remove root ${index + 1}`} onClick={() => setRoots(roots.filter((_, at) => at !== index))}>
            Remove
          </button>
        </div>
      ))}
      <div>
        <button type="button" className={button} onClick={() => setRoots([...roots, { uri: '', name: '' }])}>
          Add root
        </button>
      </div>
      <p className="text-xs text-slate-500">
        With at least one root the host declares roots (listChanged) and answers the server’s roots/list with exactly these; with none it declares no roots. A
        root is a file:// URI, as both eras’ spec requires; it is kept with the URL on this device, not in a copied link. Roots are advisory: they tell a
        well-behaved server where to work, they are not a security boundary. 2026-07-28 deprecates them.
      </p>
    </div>
  );
}
