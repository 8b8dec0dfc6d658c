import { describeUnreachableServer, findScenario } from '../../content/index.ts';
import { resolveScenarioEndpoint } from '../../lifecycle/index.ts';
import { findWireInfo } from '../../providers/index.ts';
import { readAppBaseUrl, resolveAppUrl, IS_STATIC_SITE } from '../../service-worker/index.ts';
import { useExplorerStore } from '../../store/index.ts';
import type { ModelSettings } from '../../store/index.ts';
import { isProviderMcpWire, PROVIDER_MCP_WIRES } from '../../trace/index.ts';

const field = 'rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100';

/**
 * Who calls the MCP server: the host's own client (the article's story), or, for the two
 * formats whose provider can, the provider's. With a real provider the form says before
 * any request when the provider cannot reach the server at all.
 */
export function TopologyFields({ draft, setDraft }: { draft: ModelSettings; setDraft: (settings: ModelSettings) => void }) {
  const scenarioId = useExplorerStore((state) => state.scenarioId);
  const possible = isProviderMcpWire(draft.wire);
  const labels = PROVIDER_MCP_WIRES.map((wire) => findWireInfo(wire)?.label ?? wire).join(' and ');
  const serverUrl =
    draft.mcpServerUrl ?? resolveScenarioEndpoint({ scenario: findScenario(scenarioId), resolveAppPath: (path) => resolveAppUrl(path, readAppBaseUrl()) });
  const unreachable =
    draft.kind === 'real' && draft.topology === 'provider'
      ? describeUnreachableServer({ url: serverUrl, inBrowser: IS_STATIC_SITE && draft.mcpServerUrl === null })
      : undefined;
  return (
    <fieldset className="flex flex-col gap-2" data-testid="topology-fields">
      <legend className="mb-1 text-xs font-medium text-slate-600 dark:text-slate-300">Who calls the MCP server</legend>
      <label className="flex items-start gap-2 text-sm">
        <input type="radio" name="topology" checked={draft.topology === 'host'} onChange={() => setDraft({ ...draft, topology: 'host' })} className="mt-1" />
        <span>The host’s own MCP client (host-side MCP): the host lists the tools, translates them and calls them.</span>
      </label>
      <label className="flex items-start gap-2 text-sm">
        <input
          type="radio"
          name="topology"
          checked={draft.topology === 'provider'}
          disabled={!possible}
          onChange={() => setDraft({ ...draft, topology: 'provider' })}
          className="mt-1"
        />
        <span>
          The provider’s MCP client (provider-side MCP): the host hands the provider the server’s URL, and sees only what the provider reports.
          {!possible && <> Only {labels} have it: choose one of them above.</>}
        </span>
      </label>
      {draft.topology === 'provider' && draft.wire === 'openai-responses' && (
        <label className="flex flex-col gap-1 text-xs font-medium text-slate-600 dark:text-slate-300">
          Before each call the provider (require_approval)
          <select
            className={field}
            value={draft.requireApproval}
            onChange={(event) => setDraft({ ...draft, requireApproval: event.target.value === 'never' ? 'never' : 'always' })}
          >
            <option value="always">asks you (always): an approval gate, answered by you</option>
            <option value="never">calls without asking (never)</option>
          </select>
        </label>
      )}
      {unreachable && (
        <p
          role="status"
          className="rounded-md border border-amber-400 bg-amber-50 p-2 text-xs text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50"
          data-testid="provider-reach-warning"
        >
          {unreachable}
        </p>
      )}
    </fieldset>
  );
}
