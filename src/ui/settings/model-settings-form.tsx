import { lazy, Suspense, useState } from 'react';
import { MOCK_MODEL_NAME } from '../../trace/index.ts';
import { findWireInfo, WIRE_CATALOG } from '../../providers/index.ts';
import {
  applyModelSettings,
  useExplorerStore,
  type ExplorerState,
  DEFAULT_MAX_TOOL_ROUNDS,
  MAX_TOOL_ROUNDS_LIMIT,
  prepareMcpServerSettings,
  readMaxToolRounds,
  type ModelSettings,
} from '../../store/index.ts';
import { McpServerFields } from './mcp-server-fields.tsx';
import { ServerPromptsSection } from './server-prompts-section.tsx';
import { RememberOnDevice } from './remember-on-device.tsx';

// The loader of the model in the tab (and, through it, llama.cpp) comes only when that choice is made.
const TabModelFields = lazy(() => import('./tab-model-fields.tsx').then((module) => ({ default: module.TabModelFields })));

const selectModel = (state: ExplorerState) => state.model;
const selectKeys = (state: ExplorerState) => state.apiKeys;

const field = 'rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100';
const label = 'flex flex-col gap-1 text-xs font-medium text-slate-600 dark:text-slate-300';

const COMPATIBLE_SERVICES = [
  { name: 'OpenRouter', baseUrl: 'https://openrouter.ai/api/v1' },
  { name: 'Groq', baseUrl: 'https://api.groq.com/openai/v1' },
  { name: 'a local server', baseUrl: 'http://localhost:8080/v1' },
];

type DraftProps = { draft: ModelSettings; setDraft: (next: ModelSettings) => void };

/** The third model choice: the model in the learner's tab. */
function TabModelKindOption({ draft, setDraft }: DraftProps) {
  return (
    <label className="flex items-start gap-2 text-sm">
      <input
        type="radio"
        name="kind"
        checked={draft.kind === 'tab'}
        onChange={() => setDraft({ ...draft, kind: 'tab' })}
        className="mt-1"
        data-testid="model-kind-tab"
      />
      <span>A small open model in this tab: a GGUF file run by llama.cpp in WebAssembly on your CPU. No key, no server, no HTTP request to a model.</span>
    </label>
  );
}

function TabModelSection({ draft, setDraft }: DraftProps) {
  return (
    <Suspense fallback={<p className="text-xs text-slate-500">Loading the model loader…</p>}>
      <TabModelFields draft={draft} setDraft={setDraft} />
    </Suspense>
  );
}

/** Streamed or whole replies, for the mock and a provider (the model in the tab streams its tokens, with no HTTP). */
function ReplyStreamField({ draft, kind, setDraft }: DraftProps & { kind: 'mock' | 'real' }) {
  return (
    <label className={label}>
      {kind === 'mock' ? 'The mock model’s replies' : 'The provider’s replies'}
      <select
        className={field}
        value={draft.stream[kind] ? 'streamed' : 'whole'}
        onChange={(event) => setDraft({ ...draft, stream: { ...draft.stream, [kind]: event.target.value === 'streamed' } })}
      >
        <option value="streamed">Streamed: frame by frame, as real hosts ask for them</option>
        <option value="whole">Whole: one JSON reply</option>
      </select>
    </label>
  );
}

/** The settings form: wire format, mock or real model, base URL, model name, key. */
type WireInfo = (typeof WIRE_CATALOG)[number];

/** Which model answers: the mock, a real provider with the learner's key, or the model in the tab. */
function ModelKindFieldset({ draft, setDraft, wire }: DraftProps & { wire: WireInfo }) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-xs font-medium text-slate-600 dark:text-slate-300">Model</legend>
      <label className="flex items-start gap-2 text-sm">
        <input type="radio" name="kind" checked={draft.kind === 'mock'} onChange={() => setDraft({ ...draft, kind: 'mock' })} className="mt-1" />
        <span>
          The built-in mock model <span className="font-mono text-xs">({MOCK_MODEL_NAME})</span>: deterministic, no key, served by this app at{' '}
          <span className="font-mono text-xs">{wire.mockBasePath}</span> in the real {wire.label} format.
        </span>
      </label>
      <label className="flex items-start gap-2 text-sm">
        <input type="radio" name="kind" checked={draft.kind === 'real'} onChange={() => setDraft({ ...draft, kind: 'real' })} className="mt-1" />
        <span>A real provider, with your own key.</span>
      </label>
      <TabModelKindOption draft={draft} setDraft={setDraft} />
    </fieldset>
  );
}

/** A real provider's address, model and key, with where the key goes and where it never does. */
function RealProviderFields({
  draft,
  setDraft,
  wire,
  keys,
  setKeys,
}: DraftProps & { wire: WireInfo; keys: Record<string, string>; setKeys: (keys: Record<string, string>) => void }) {
  const real = draft.real[wire.id] ?? { baseUrl: wire.defaultBaseUrl, model: wire.defaultModel };
  const setReal = (change: Partial<typeof real>) => setDraft({ ...draft, real: { ...draft.real, [wire.id]: { ...real, ...change } } });
  const keyVariable = wire.keyVariable;
  return (
    <div className="flex flex-col gap-3 rounded-md border border-slate-200 p-3 dark:border-slate-700">
      <label className={label}>
        Base URL
        <input className={field} value={real.baseUrl} onChange={(event) => setReal({ baseUrl: event.target.value })} spellCheck={false} />
      </label>
      {wire.id === 'openai-chat' && (
        <p className="text-xs text-slate-500">
          Other services speak this format too:{' '}
          {COMPATIBLE_SERVICES.map((service, index) => (
            <span key={service.name}>
              {index > 0 ? ', ' : ''}
              <button type="button" className="underline" onClick={() => setReal({ baseUrl: service.baseUrl })}>
                {service.name}
              </button>
            </span>
          ))}
          .
        </p>
      )}
      <label className={label}>
        Model name
        <input className={field} value={real.model} onChange={(event) => setReal({ model: event.target.value })} spellCheck={false} />
      </label>
      {keyVariable && (
        <label className={label}>
          API key ({keyVariable})
          <input
            className={field}
            type="password"
            autoComplete="off"
            value={keys[keyVariable] ?? ''}
            onChange={(event) => setKeys({ ...keys, [keyVariable]: event.target.value })}
            spellCheck={false}
          />
        </label>
      )}
      <RememberOnDevice label="Remember my keys on this device" checked={draft.rememberKeys} onChange={(rememberKeys) => setDraft({ ...draft, rememberKeys })}>
        The key goes only to {real.baseUrl || 'the provider'}, from this page. It never goes to the MCP server, into a URL, a log or an exported trace, and the
        HTTP view shows it as [redacted]. Unless you tick the box it is forgotten when the page closes. {wire.browserNote}
      </RememberOnDevice>
    </div>
  );
}

/** The host's cap on tool rounds, with what it does. */
function ToolRoundsField({ draft, setDraft }: DraftProps) {
  return (
    <>
      <label className={label}>
        Tool rounds at most
        <input
          type="number"
          className={field}
          min={1}
          max={MAX_TOOL_ROUNDS_LIMIT}
          step={1}
          value={draft.maxToolRounds}
          onChange={(event) => setDraft({ ...draft, maxToolRounds: readMaxToolRounds(event.target.valueAsNumber) })}
          aria-describedby="tool-rounds-hint"
          data-testid="max-tool-rounds"
        />
      </label>
      <p id="tool-rounds-hint" className="-mt-2 text-xs text-slate-500">
        The host stops the loop when the model asks for tools again after this many rounds (1 to {MAX_TOOL_ROUNDS_LIMIT}; {DEFAULT_MAX_TOOL_ROUNDS} unless set).
        At {DEFAULT_MAX_TOOL_ROUNDS}, a scenario with its own cap keeps it.
      </p>
    </>
  );
}

export function ModelSettingsForm({ close }: { close: () => void }) {
  const saved = useExplorerStore(selectModel);
  const savedKeys = useExplorerStore(selectKeys);
  const [draft, setDraft] = useState<ModelSettings>(saved);
  const [keys, setKeys] = useState<Record<string, string>>(savedKeys);
  const [problems, setProblems] = useState<string[]>([]);
  const wire = findWireInfo(draft.wire) ?? WIRE_CATALOG[0]!;
  return (
    <>
      <form
        method="dialog"
        className="flex flex-col gap-4 p-5"
        onSubmit={(event) => {
          event.preventDefault();
          const prepared = prepareMcpServerSettings(draft);
          setProblems(prepared.problems);
          if (prepared.problems.length > 0) return;
          applyModelSettings(prepared.settings, keys);
          close();
        }}
      >
        <h2 id="model-settings-title" className="text-lg font-semibold">
          Model and wire format
        </h2>
        <label className={label}>
          Wire format (how the host talks to the model)
          <select className={field} value={draft.wire} onChange={(event) => setDraft({ ...draft, wire: event.target.value })}>
            {WIRE_CATALOG.map((entry) => (
              <option key={entry.id} value={entry.id}>
                {entry.label} ({entry.id})
              </option>
            ))}
          </select>
        </label>
        <ModelKindFieldset draft={draft} setDraft={setDraft} wire={wire} />
        {draft.kind === 'tab' && <TabModelSection draft={draft} setDraft={setDraft} />}
        {draft.kind === 'real' && <RealProviderFields draft={draft} setDraft={setDraft} wire={wire} keys={keys} setKeys={setKeys} />}
        <McpServerFields draft={draft} setDraft={setDraft} problems={problems} />
        {draft.kind !== 'tab' && <ReplyStreamField draft={draft} kind={draft.kind} setDraft={setDraft} />}
        {wire.supportsStrict && (
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={draft.strict} onChange={(event) => setDraft({ ...draft, strict: event.target.checked })} />
            OpenAI strict mode for tool schemas (translation #1 rewrites them or says why it cannot, translation #2 leaves out the nulls it makes the model
            write; each says what changed)
          </label>
        )}
        <ToolRoundsField draft={draft} setDraft={setDraft} />
        <p className="text-xs text-slate-500">Applying starts the lifecycle over.</p>
        <div className="flex justify-end gap-2">
          <button type="button" onClick={close} className="rounded-md border border-slate-300 px-3 py-1.5 text-sm dark:border-slate-600">
            Cancel
          </button>
          <button
            type="submit"
            className="rounded-md border border-slate-900 bg-slate-900 px-3 py-1.5 text-sm text-white dark:border-slate-100 dark:bg-slate-100 dark:text-slate-900"
          >
            Apply
          </button>
        </div>
      </form>
      <ServerPromptsSection close={close} />
    </>
  );
}
