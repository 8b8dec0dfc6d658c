import { useEffect, useState, useSyncExternalStore } from 'react';
import { NAMED_TAB_MODELS } from '../../content/index.ts';
import type { ModelSettings } from '../../store/index.ts';
import {
  cancelTabModelLoad,
  checkTabMemory,
  forgetKeptModel,
  listKeptModels,
  loadKeptModel,
  loadTabModelFile,
  loadTabModelUrl,
  tabModelStore,
  type KeptModel,
} from '../../store/tab-model/tab-model-state.ts';

const field = 'rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100';
const button = 'rounded-md border border-slate-300 px-2 py-1 text-xs dark:border-slate-600';

function formatBytes(bytes: number): string {
  return bytes >= 1024 ** 3 ? `${(bytes / 1024 ** 3).toFixed(2)} GB` : `${(bytes / 1024 ** 2).toFixed(1)} MB`;
}

/** The files kept in Cache Storage, each with its size, to load again or forget. */
function KeptModels({ kept, busy }: { kept: readonly KeptModel[]; busy: boolean }) {
  return (
    <div className="flex flex-col gap-1 text-xs">
      <span className="font-medium">Kept in this browser</span>
      {kept.map((model) => (
        <span key={model.key} className="flex items-center gap-2">
          {model.name} ({formatBytes(model.bytes)})
          <button type="button" className={button} disabled={busy} onClick={() => void loadKeptModel(model.key)} aria-label={`Load ${model.name}`}>
            Load
          </button>
          <button type="button" className={button} onClick={() => void forgetKeptModel(model.key)} aria-label={`Forget ${model.name}`}>
            Forget
          </button>
        </span>
      ))}
    </div>
  );
}

/** The models the explorer names, for a learner who has none: it downloads none by itself. */
function NamedModels() {
  return (
    <>
      <p className="text-xs text-slate-500">
        The explorer downloads no model by itself. Small instruct models known to call tools (GGUF files from their publishers):
      </p>
      <ul className="ml-4 list-disc text-xs text-slate-600 dark:text-slate-300">
        {NAMED_TAB_MODELS.map((model) => (
          <li key={model.name}>
            <strong>{model.name}</strong>, {model.about} (<span className="font-mono">{model.file}</span>): {model.family}; {model.note}.
          </li>
        ))}
      </ul>
    </>
  );
}

/** How far the load has come, with a way to stop it. */
function LoadProgress({ progress }: { progress: NonNullable<ReturnType<typeof tabModelStore.getState>['progress']> }) {
  return (
    <div className="flex items-center gap-2 text-xs" role="status" data-testid="tab-model-progress">
      <span>
        {progress.stage === 'reading'
          ? `Reading the file: ${formatBytes(progress.loadedBytes)}${progress.totalBytes > 0 ? ` of ${formatBytes(progress.totalBytes)}` : ''}`
          : `Loading into llama.cpp: ${progress.detail}`}
      </span>
      <button type="button" className={button} onClick={cancelTabModelLoad}>
        Cancel
      </button>
    </div>
  );
}

/**
 * Choosing the model in the tab: a GGUF file from disk or a URL, the small models known to
 * call tools (named, never downloaded by the explorer), loading with its progress and a
 * Cancel, files kept in the browser for the next visit, and the grammar switch.
 */
export function TabModelFields({ draft, setDraft }: { draft: ModelSettings; setDraft: (next: ModelSettings) => void }) {
  const { loaded, progress, error, kept } = useSyncExternalStore(tabModelStore.subscribe, tabModelStore.getState);
  const [url, setUrl] = useState('');
  const [keep, setKeep] = useState(false);
  const [memoryNote, setMemoryNote] = useState<string | null>(null);
  useEffect(() => {
    void listKeptModels();
  }, []);
  const busy = progress !== null;
  return (
    <div className="flex flex-col gap-3 rounded-md border border-slate-200 p-3 text-sm dark:border-slate-700" data-testid="tab-model-fields">
      <NamedModels />
      <label className="flex flex-col gap-1 text-xs font-medium">
        Open a GGUF file from this device
        <input
          type="file"
          accept=".gguf"
          disabled={busy}
          data-testid="tab-model-file"
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (!file) return;
            setMemoryNote(checkTabMemory(file.size).message);
            void loadTabModelFile(file, keep);
          }}
        />
      </label>
      <div className="flex items-end gap-2">
        <label className="flex flex-1 flex-col gap-1 text-xs font-medium">
          Or its URL
          <input className={field} value={url} onChange={(event) => setUrl(event.target.value)} spellCheck={false} placeholder="https://…/model.gguf" />
        </label>
        <button type="button" className={button} disabled={busy || url.trim() === ''} onClick={() => void loadTabModelUrl(url.trim(), keep)}>
          Load
        </button>
      </div>
      <label className="flex items-center gap-2 text-xs">
        <input type="checkbox" checked={keep} onChange={(event) => setKeep(event.target.checked)} />
        Keep the file in this browser’s storage for the next visit (it takes the file’s size on this device)
      </label>
      {memoryNote && <p className="text-xs text-slate-500">{memoryNote}</p>}
      {progress && <LoadProgress progress={progress} />}
      {error && (
        <p className="text-xs text-red-700 dark:text-red-400" role="alert">
          {error}
        </p>
      )}
      {loaded && (
        <p className="text-xs" data-testid="tab-model-loaded">
          Loaded: <strong>{loaded.name}</strong>, {formatBytes(loaded.fileBytes)}, in {(loaded.loadMs / 1000).toFixed(1)} s on{' '}
          {loaded.threads === 1 ? 'one thread' : `${loaded.threads} threads`}. Its chat template: {loaded.templateFamily}. {loaded.engine}.
        </p>
      )}
      {kept.length > 0 && <KeptModels kept={kept} busy={busy} />}
      <label className="flex items-center gap-2 text-xs">
        <input
          type="checkbox"
          checked={draft.tab.grammar}
          onChange={(event) => setDraft({ ...draft, tab: { ...draft.tab, grammar: event.target.checked } })}
          data-testid="tab-model-grammar"
        />
        Constrain the first reply to a valid tool call (a grammar built from the tools’ schemas: the sampler may only pick tokens that keep the call valid). Off
        shows what the model writes unaided.
      </label>
    </div>
  );
}
