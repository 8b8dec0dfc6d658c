import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'vite';

/**
 * A build of the explorer with its URL gate switched off, for the tests that prove the
 * Content-Security-Policy alone stops script (e2e/content-security-policy.spec.ts and the
 * static site's). The switch exists only here: a plugin given to this build alone replaces
 * `passUrlGate` in src/trace/url-gate.ts with one that lets every URL through. The product's
 * code and configs have no such setting.
 */

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const GATE_FILE = path.join(ROOT, 'src/trace/url-gate.ts');
const SHIPPED_GATE = 'export function passUrlGate(';

const OPEN_GATE = `
export function passUrlGate({ text }: { text: unknown; base?: string; httpOrigins?: readonly string[] }): UrlGateResult {
  void passUrlGateAsShipped;
  return { ok: true, url: String(text) as GatedUrl };
}
`;

function openUrlGate(): Plugin {
  let replaced = false;
  return {
    name: 'open-url-gate',
    enforce: 'pre',
    transform(code, id) {
      if (id.split('?')[0] !== GATE_FILE) return null;
      if (!code.includes(SHIPPED_GATE))
        throw new Error(`open-url-gate: ${GATE_FILE} no longer declares "${SHIPPED_GATE}…": update this test build to switch the gate off.`);
      replaced = true;
      return code.replace(SHIPPED_GATE, 'function passUrlGateAsShipped(') + OPEN_GATE;
    },
    buildEnd() {
      // A build that never read the gate (an unused module is never loaded) switched nothing off; say so rather than test a gate-on build.
      if (!replaced) this.warn(`open-url-gate: ${GATE_FILE} was not part of this build.`);
    },
  };
}

export type OpenGateSite = 'served-app' | 'static-site';

/** Where the build goes: the machine's temporary folder, one per port, so that runs side by side do not share it. */
export function findOpenGateDirectory(site: OpenGateSite): string {
  const port = site === 'served-app' ? (process.env.E2E_PORT ?? '47231') : (process.env.STATIC_E2E_PORT ?? '47331');
  return path.join(tmpdir(), `mcp-lifecycle-explorer-open-gate-${site}-${port}`);
}

/** Builds the served app (vite.config.ts) or the static site (vite.static.config.ts) with the gate open; a few seconds. */
export async function buildWithOpenUrlGate(site: OpenGateSite): Promise<string> {
  const outDir = findOpenGateDirectory(site);
  await build({
    configFile: path.join(ROOT, site === 'served-app' ? 'vite.config.ts' : 'vite.static.config.ts'),
    root: ROOT,
    logLevel: 'warn',
    plugins: [openUrlGate()],
    build: { outDir, emptyOutDir: true },
  });
  return outDir;
}
