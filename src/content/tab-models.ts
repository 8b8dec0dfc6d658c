/**
 * Small open models known to call tools, named for the learner with their sizes. The
 * explorer downloads none of them: the learner fetches a GGUF file and opens it, or gives
 * its URL. Sizes are about those of the usual quantizations as their publishers list them.
 */
export type NamedTabModel = { name: string; file: string; about: string; family: string; note: string };

export const NAMED_TAB_MODELS: NamedTabModel[] = [
  {
    name: 'Qwen2.5 0.5B Instruct',
    file: 'qwen2.5-0.5b-instruct-q4_k_m.gguf',
    about: 'about 400 MB',
    family: 'Qwen2.5 (Hermes-style <tool_call>)',
    note: 'the smallest that calls tools well with the grammar on',
  },
  {
    name: 'Qwen2.5 1.5B Instruct',
    file: 'qwen2.5-1.5b-instruct-q4_k_m.gguf',
    about: 'about 1 GB',
    family: 'Qwen2.5 (Hermes-style <tool_call>)',
    note: 'better answers, about three times slower',
  },
  {
    name: 'Qwen3 0.6B',
    file: 'Qwen3-0.6B-Q8_0.gguf',
    about: 'about 640 MB',
    family: 'Qwen3 (<think>, then <tool_call>)',
    note: 'the host turns its thinking off',
  },
  {
    name: 'Llama 3.2 1B Instruct',
    file: 'Llama-3.2-1B-Instruct-Q4_K_M.gguf',
    about: 'about 800 MB',
    family: 'Llama 3 (a JSON call)',
    note: 'its template puts the tools in the first user message',
  },
  {
    name: 'SmolLM2 360M Instruct',
    file: 'SmolLM2-360M-Instruct-Q8_0.gguf',
    about: 'about 390 MB',
    family: 'SmolLM2 (no tool section in its template)',
    note: 'the host writes the tools into a system message',
  },
  {
    name: 'SmolLM2 1.7B Instruct',
    file: 'SmolLM2-1.7B-Instruct-Q4_K_M.gguf',
    about: 'about 1 GB',
    family: 'SmolLM2 (no tool section in its template)',
    note: 'trained on tool calls in <tool_call> tags',
  },
];

/** llama.cpp in the browser holds a model in one ArrayBuffer: a bigger file must be split (llama-gguf-split). */
export const MAX_TAB_MODEL_BYTES = 2 * 1024 ** 3;
