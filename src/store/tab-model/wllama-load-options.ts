/**
 * How the model in the tab is loaded into llama.cpp (wllama-runner.ts), kept apart so that the
 * bench loads wllama alone in a bare page the same way (bench/bare-tab-model.ts).
 *
 * n_ctx: how long a prompt the model may read and write, in tokens: small models in a tab,
 * short lessons. n_threads 1: wllama-runner.ts says why. seed 0: the same model writes the
 * same tokens for the same prompt, run after run.
 */
export const WLLAMA_LOAD_OPTIONS = { n_ctx: 4096, n_threads: 1, n_gpu_layers: 0, seed: 0 } as const;
