/**
 * Whether this page's Content-Security-Policy lets llama.cpp run, asked before the model loads.
 * Refused, wllama never says so: its worker dies or never starts and the load waits forever
 * (seen in Chromium with either source missing). The explorer's own policy allows both
 * (server/node/security-headers.ts); a host that sends a stricter one of its own is who this
 * message is for. The worker made from a blob: URL takes the page's policy, so what the page
 * may do here is what the worker may do.
 */

/** The smallest WebAssembly module there is: the magic number and version 1, no sections. */
const EMPTY_MODULE = new Uint8Array([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]);

const ASK_THE_HOST =
  'Whoever hosts this copy of the explorer can allow it (SECURITY.md says what it allows and why); the mock model and the providers work without it.';

async function canCompileWebAssembly(): Promise<boolean> {
  try {
    await WebAssembly.compile(EMPTY_MODULE);
    return true;
  } catch {
    return false;
  }
}

async function canStartBlobWorker(): Promise<boolean> {
  const url = URL.createObjectURL(new Blob(['postMessage(0)'], { type: 'text/javascript' }));
  try {
    const worker = new Worker(url, { type: 'module' });
    // A refused worker fires error, not a throw; one that starts says so at once.
    const started = await new Promise<boolean>((resolve) => {
      worker.addEventListener('message', () => resolve(true), { once: true });
      worker.addEventListener('error', () => resolve(false), { once: true });
    });
    worker.terminate();
    return started;
  } catch {
    return false;
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** Throws what the page's policy refuses and what would allow it; returns when llama.cpp can run here. */
export async function checkPagePolicyAllowsModel(): Promise<void> {
  if (!(await canCompileWebAssembly())) {
    throw new Error(
      `this page's Content-Security-Policy refuses to compile WebAssembly, which llama.cpp is: its script-src needs 'wasm-unsafe-eval'. ${ASK_THE_HOST}`,
    );
  }
  if (!(await canStartBlobWorker())) {
    throw new Error(
      `this page's Content-Security-Policy refuses the worker llama.cpp runs in, which wllama starts from a blob: URL: its worker-src needs blob:. ${ASK_THE_HOST}`,
    );
  }
}
