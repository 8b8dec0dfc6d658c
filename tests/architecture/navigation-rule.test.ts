import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { openGatedUrl } from '../../src/ui/open-gated-url.tsx';

/**
 * The page opens, navigates and links in one module (src/ui/open-gated-url.tsx), whose
 * functions take only a GatedUrl. Lint refuses the ways around it anywhere else in src/
 * and server/ (eslint.config.js, navigationSyntax); the compiler refuses a plain string.
 */

const SINKS = [
  'window.open(url);',
  "globalThis.open(url, '_blank');",
  'open(url);',
  'location.assign(url);',
  'window.location.replace(url);',
  'window.location.href = url;',
  'document.location = url;',
  'link.href = url;',
  'export const Link = () => <a href={url}>x</a>;',
  'export const Frame = () => <iframe src={url} />;',
  'export const Sent = () => <form action={url} />;',
];

const PREAMBLE = 'declare const url: string;\ndeclare const link: HTMLAnchorElement;\n';

async function countNavigationErrors(code: string, filePath: string): Promise<number> {
  const [result] = await new ESLint().lintText(`${PREAMBLE}${code}\n`, { filePath });
  return result!.messages.filter((message) => message.ruleId === 'no-restricted-syntax' && message.message.includes('open-gated-url.tsx')).length;
}

describe('the one module that opens, navigates and links', () => {
  it.each(SINKS)(
    'lint refuses %s in the page, the store, the engine and the server',
    async (code) => {
      for (const filePath of ['src/ui/inspector/probe.tsx', 'src/store/probe.tsx', 'src/lifecycle/probe.tsx', 'server/http/probe.tsx']) {
        expect(await countNavigationErrors(code, filePath), filePath).toBe(1);
      }
    },
    30_000,
  );

  it('lets the module itself, and a constant link anywhere', async () => {
    expect(await countNavigationErrors('window.open(url);\nexport const Link = () => <a href={url}>x</a>;', 'src/ui/open-gated-url.tsx')).toBe(0);
    expect(await countNavigationErrors('export const Link = () => <a href="https://modelcontextprotocol.io/">spec</a>;', 'src/ui/inspector/probe.tsx')).toBe(0);
  }, 30_000);

  it('takes no address that skipped the gate (a type error, held by npm run typecheck)', () => {
    const neverCalled = () => {
      // @ts-expect-error a plain string is no GatedUrl: only passUrlGate makes one
      openGatedUrl('javascript:alert(1)');
    };
    expect(typeof neverCalled).toBe('function');
  });
});
