import { MAX_TAB_MODEL_BYTES } from '../../content/index.ts';
import type { TabModel, TabModelDescription, RunOptions } from '../../lifecycle/index.ts';
import type { ModelSettings } from '../model-settings.ts';
import { passUrlGate } from '../../trace/index.ts';
import type { LoadedRunner, LoadProgress } from './wllama-runner.ts';
import type { PromptTokenizer } from '../../providers/chat-template/tokenize-prompt.ts';
import type { GgufMetadata } from '../../providers/chat-template/read-gguf-metadata.ts';

/**
 * The model the learner loaded into this tab, if any: its progress while it loads, what
 * it is once loaded, and the GGUF files kept in the browser's Cache Storage for the next
 * visit (only when the learner ticks "keep"; the size is shown). The runner and its
 * WebAssembly are imported only here, when a model is chosen.
 */

const KEPT_CACHE = 'mcp-lifecycle-explorer.tab-models';
/** Kept files are addressed in the cache by a made-up URL of this origin: the name and size, never a place on disk. */
const KEPT_PREFIX = '/__tab-model__/';

export type KeptModel = { key: string; name: string; bytes: number };

export type TabModelState = {
  loaded: (TabModelDescription & { templateFamily: string; hasTemplate: boolean }) | null;
  progress: LoadProgress | null;
  error: string | null;
  kept: KeptModel[];
};

/**
 * A store of its own, not zustand's: this module is loaded apart from the first page, and a
 * second user of zustand's core split it out of the first page's chunk (0.5 kB more there).
 */
function createTabModelStore(initial: TabModelState) {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    getState: () => state,
    setState(changes: Partial<TabModelState>) {
      state = { ...state, ...changes };
      for (const listener of listeners) listener();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const tabModelStore = createTabModelStore({ loaded: null, progress: null, error: null, kept: [] });

let runner: LoadedRunner | null = null;
let chatTemplate: string | null = null;
let tokenizer: PromptTokenizer | null = null;
let specialTokens = { bos: '', eos: '' };
let loading: AbortController | null = null;

function formatBytes(bytes: number): string {
  return bytes >= 1024 ** 3 ? `${(bytes / 1024 ** 3).toFixed(2)} GB` : `${Math.max(1, Math.round(bytes / 1024 ** 2))} MB`;
}

/** Whether this tab can hold the model, said before loading: the ArrayBuffer bound, and the device's memory where the browser tells it. */
export function checkTabMemory(bytes: number): { ok: boolean; message: string } {
  if (bytes > MAX_TAB_MODEL_BYTES) {
    return {
      ok: false,
      message: `The file is ${formatBytes(bytes)}: llama.cpp in a browser tab holds a model file in one block of at most 2 GB. Choose a smaller quantization (Q4_K_M) or a smaller model, or split the file with llama-gguf-split.`,
    };
  }
  // Chromium tells the device's memory in GB (capped at 8); the model, its context and the page need about 1.5 times the file.
  const deviceMemory = (navigator as Navigator & { deviceMemory?: number }).deviceMemory;
  const needed = bytes * 1.5 + 64 * 1024 ** 2;
  if (deviceMemory !== undefined && needed > deviceMemory * 1024 ** 3 * 0.5) {
    return {
      ok: true,
      message: `This model needs about ${formatBytes(needed)} of memory; the browser says this device has about ${deviceMemory} GB. It may load, or the tab may run out of memory and reload: a smaller model is safer.`,
    };
  }
  return {
    ok: true,
    message: `This model needs about ${formatBytes(needed)} of memory in this tab${deviceMemory === undefined ? '' : ` (the browser says the device has about ${deviceMemory} GB)`}.`,
  };
}

/** The file's own metadata, read by the explorer from its first bytes (more when the vocabulary is long): at most 64 MB. */
async function readMetadata(blob: Blob): Promise<GgufMetadata> {
  const { readGgufMetadata, GgufTruncated } = await import('../../providers/chat-template/read-gguf-metadata.ts');
  for (let bytes = 4 * 1024 ** 2; ;) {
    try {
      return readGgufMetadata(new Uint8Array(await blob.slice(0, bytes).arrayBuffer()));
    } catch (error) {
      if (!(error instanceof GgufTruncated) || bytes >= blob.size || error.neededBytes > 64 * 1024 ** 2) throw error;
      bytes = Math.min(blob.size, Math.max(error.neededBytes, bytes * 2));
    }
  }
}

/** The tokenizer and the special tokens' texts, from the metadata: the model's own vocabulary. */
async function readVocabulary(metadata: GgufMetadata): Promise<void> {
  const { createPromptTokenizer } = await import('../../providers/chat-template/tokenize-prompt.ts');
  const { readNumber, readStrings } = await import('../../providers/chat-template/read-gguf-metadata.ts');
  const made = createPromptTokenizer(metadata);
  tokenizer = 'tokenize' in made ? made : null;
  const tokens = readStrings(metadata, 'tokenizer.ggml.tokens') ?? [];
  const eos = readNumber(metadata, 'tokenizer.ggml.eos_token_id');
  // The BOS token is left to llama.cpp, which adds it when it reads the prompt (add_bos_token): written here too, it would be there twice.
  specialTokens = { bos: '', eos: eos === undefined ? '' : (tokens[eos] ?? '') };
}

async function loadBlob(blob: Blob, name: string, signal: AbortSignal): Promise<void> {
  const memory = checkTabMemory(blob.size);
  if (!memory.ok) throw new Error(memory.message);
  const metadata = await readMetadata(blob);
  const { readNumber, readString } = await import('../../providers/chat-template/read-gguf-metadata.ts');
  const architecture = readString(metadata, 'general.architecture') ?? 'unknown';
  const layers = readNumber(metadata, `${architecture}.block_count`);
  await readVocabulary(metadata);
  const { loadWllamaRunner } = await import('./wllama-runner.ts');
  await runner?.unload();
  runner = null;
  tabModelStore.setState({
    loaded: null,
    progress: {
      stage: 'loading',
      detail: `Handing ${formatBytes(blob.size)} to llama.cpp: a ${architecture} model${layers === undefined ? '' : ` of ${layers} layers`}, ${metadata.tensorCount} tensors…`,
    },
  });
  const next = await loadWllamaRunner({ blob, name, signal, onProgress: (progress) => tabModelStore.setState({ progress }) });
  runner = next;
  chatTemplate = next.chatTemplate;
  const { detectTemplateFamily } = await import('../../providers/chat-template/template-family.ts');
  tabModelStore.setState({
    loaded: {
      ...next.describe(),
      hasTemplate: chatTemplate !== null,
      templateFamily: chatTemplate === null ? 'no chat template in the file' : detectTemplateFamily(chatTemplate).label,
    },
    progress: null,
  });
}

async function keep(blob: Blob, name: string): Promise<void> {
  const cache = await caches.open(KEPT_CACHE);
  await cache.put(
    new Request(`${KEPT_PREFIX}${encodeURIComponent(name)}?bytes=${blob.size}`),
    new Response(blob, { headers: { 'content-length': String(blob.size) } }),
  );
  await listKeptModels();
}

/** Runs one load at a time: a new one cancels the one before; its failure is said in words, a cancel is quiet. */
async function runLoad(work: (signal: AbortSignal) => Promise<void>): Promise<void> {
  loading?.abort();
  const controller = new AbortController();
  loading = controller;
  tabModelStore.setState({ error: null, progress: { stage: 'loading', detail: 'Starting…' } });
  try {
    await work(controller.signal);
  } catch (error) {
    if (controller.signal.aborted) tabModelStore.setState({ progress: null, error: 'Loading was cancelled: no model is loaded.' });
    else tabModelStore.setState({ progress: null, error: `The model could not be loaded: ${error instanceof Error ? error.message : String(error)}` });
  } finally {
    if (loading === controller) loading = null;
  }
}

export function cancelTabModelLoad(): void {
  loading?.abort();
}

export function loadTabModelFile(file: File, keepIt: boolean): Promise<void> {
  return runLoad(async (signal) => {
    await loadBlob(file, file.name, signal);
    if (keepIt) await keep(file, file.name);
  });
}

/** Reads a model from a URL (through the one URL gate), with its bytes as they arrive. */
export function loadTabModelUrl(text: string, keepIt: boolean): Promise<void> {
  return runLoad(async (signal) => {
    const gate = passUrlGate({ text, base: location.href });
    if (!gate.ok) throw new Error(`the URL was refused: ${gate.reason}`);
    const response = await fetch(gate.url, { signal });
    if (!response.ok || !response.body) throw new Error(`the server answered HTTP ${response.status} for ${gate.url}.`);
    const totalBytes = Number(response.headers.get('content-length') ?? 0);
    if (totalBytes > MAX_TAB_MODEL_BYTES) throw new Error(checkTabMemory(totalBytes).message);
    const parts: Uint8Array<ArrayBuffer>[] = [];
    let loadedBytes = 0;
    const reader = response.body.getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      parts.push(read.value);
      loadedBytes += read.value.byteLength;
      if (loadedBytes > MAX_TAB_MODEL_BYTES) throw new Error(checkTabMemory(loadedBytes).message);
      tabModelStore.setState({ progress: { stage: 'reading', loadedBytes, totalBytes } });
    }
    const name = decodeURIComponent(new URL(gate.url).pathname.split('/').pop() || 'model.gguf');
    const blob = new Blob(parts);
    await loadBlob(blob, name, signal);
    if (keepIt) await keep(blob, name);
  });
}

export async function listKeptModels(): Promise<KeptModel[]> {
  if (typeof caches === 'undefined') return [];
  const cache = await caches.open(KEPT_CACHE);
  const kept = (await cache.keys()).map((request) => {
    const url = new URL(request.url);
    return { key: request.url, name: decodeURIComponent(url.pathname.slice(KEPT_PREFIX.length)), bytes: Number(url.searchParams.get('bytes') ?? 0) };
  });
  tabModelStore.setState({ kept });
  return kept;
}

export function loadKeptModel(key: string): Promise<void> {
  return runLoad(async (signal) => {
    const cache = await caches.open(KEPT_CACHE);
    const response = await cache.match(key);
    if (!response) throw new Error('the kept file is gone from the browser’s storage.');
    const name = decodeURIComponent(new URL(key).pathname.slice(KEPT_PREFIX.length));
    await loadBlob(await response.blob(), name, signal);
  });
}

export async function forgetKeptModel(key: string): Promise<void> {
  await (await caches.open(KEPT_CACHE)).delete(key);
  await listKeptModels();
}

/** The run's options with the loaded model and its chat template's translations (the question is where translation #1 starts), named after its file. */
export async function addTabModel(options: RunOptions, settings: ModelSettings['tab']): Promise<RunOptions> {
  const tabModel = await createTabModelForRun({ question: options.question, ...settings });
  const name = tabModel.runner.describe().name;
  return { ...options, provider: { ...options.provider, model: name }, tabModel };
}

/** How many tokens the model may write in one turn: a call, or a short answer. */
const MAX_TOKENS_PER_TURN = 512;

async function createTabModelForRun({ question, grammar }: { question: string; grammar: boolean }): Promise<TabModel> {
  if (!runner) throw new Error('No model is loaded in this tab: open the model settings and load a GGUF file first.');
  if (chatTemplate === null)
    throw new Error('The loaded GGUF file has no chat template (tokenizer.chat_template): the host cannot write a prompt for it. Choose an instruct model.');
  const { createChatTemplateAdapter } = await import('../../providers/chat-template/chat-template-adapter.ts');
  const adapter = createChatTemplateAdapter({
    template: chatTemplate,
    specialTokens,
    grammar,
    maxTokens: MAX_TOKENS_PER_TURN,
    seed: 43,
    question,
    ...(tokenizer ? { tokenize: tokenizer.tokenize } : {}),
  });
  return { runner, adapter };
}
