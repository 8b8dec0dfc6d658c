import type { Plugin } from 'vite';
import { findRefusedMarkup, formatContentSecurityPolicy, formatHeadersFile, hashPages, HEADERS_FILE, isExplorerPage } from './server/node/security-headers.ts';

/**
 * The Content-Security-Policy of the built pages (server/node/security-headers.ts says what it
 * allows and why), hashed from the pages as they are finally written: after every other
 * plugin's transform (the shell's first step, the prefetch links, the inlined stylesheet), so the hashes are those of
 * the bytes a browser receives.
 *
 * Both builds refuse a page holding what the policy would block (an event handler or style
 * attribute, a `javascript:` URL). `npm start` computes the hashes from the built
 * pages itself, with the same function (serve.ts). The static site (`meta: true`), whose host
 * sends no headers of ours, gets the policy as a `<meta>` at the top of each page, and
 * `_headers` with every header for the hosts that read that file.
 */

function isHtmlAsset<File extends { type: string; fileName: string }>(file: File): file is Extract<File, { type: 'asset' }> {
  return file.type === 'asset' && file.fileName.endsWith('.html');
}

function readSource(asset: { source: string | Uint8Array }): string {
  return typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
}

/** Right after the charset, before any script: a `<meta>` policy governs only what comes after it. */
function insertMetaPolicy(html: string, policy: string): string {
  const charset = /<meta charset="[^"]*"\s*\/?>/i.exec(html);
  if (!charset) throw new Error('contentSecurityPolicy: a page has no <meta charset>, after which its policy goes.');
  const meta = `\n    <meta http-equiv="Content-Security-Policy" content="${policy}" />`;
  return `${html.slice(0, charset.index + charset[0].length)}${meta}${html.slice(charset.index + charset[0].length)}`;
}

export function contentSecurityPolicy({ meta }: { meta: boolean }): Plugin {
  return {
    name: 'content-security-policy',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const built = Object.values(bundle).filter(isHtmlAsset);
        for (const page of built) {
          const refused = findRefusedMarkup(readSource(page));
          if (refused.length > 0)
            throw new Error(
              `contentSecurityPolicy: ${page.fileName} holds what its policy blocks: ${refused.join('; ')}. Move it into a script or a stylesheet.`,
            );
        }
        // The sandbox of tools' views keeps its own policy (vite-app-sandbox.ts), not the explorer's.
        const pages = built.filter((page) => isExplorerPage(page.fileName));
        if (!meta) return;
        const hashes = hashPages(pages.map(readSource));
        // The policy's sources are keywords, hashes and schemes: no character that needs escaping in an attribute.
        const policy = formatContentSecurityPolicy({ ...hashes, frameAncestors: null });
        for (const page of pages) page.source = insertMetaPolicy(readSource(page), policy);
        this.emitFile({ type: 'asset', fileName: HEADERS_FILE, source: formatHeadersFile(hashes) });
      },
    },
  };
}
