import type { Plugin } from 'vite';

/**
 * The first page's stylesheet written into the page as a `<style>`, in place of its `<link>`.
 * A linked stylesheet holds back the first paint for a request of its own after the page's,
 * asked for behind the page's modulepreload links (six connections to a host on HTTP/1.1):
 * measured beside a bare page of one paragraph, that hop was most of the time our first paint
 * took beyond it. Inlined, the page paints from its own bytes; the first page loads the same
 * CSS, so no byte is added (bench: "First page, all bytes"). The policy allows the `<style>`
 * by its hash (server/node/security-headers.ts), as it does the inline scripts.
 *
 * The stylesheet's file stays in the build for the pages that only prefetch it. The built page
 * also leaves out index.html's comments, which are for its readers, not the browser: that
 * more than pays for the `<style>` tags.
 */

type Bundle = Record<string, { type: string; fileName: string; source?: string | Uint8Array }>;

const STYLESHEET_LINK = /<link\b[^>]*\brel="stylesheet"[^>]*>/g;

function readCss(bundle: Bundle, href: string): string | undefined {
  const asset = Object.values(bundle).find((file) => file.type === 'asset' && file.fileName.endsWith('.css') && href.endsWith(`/${file.fileName}`));
  if (!asset || asset.source === undefined) return undefined;
  return typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
}

/** The page with each of its built stylesheet links replaced by the stylesheet's text in a `<style>`. */
export function inlineStylesheets(html: string, readStylesheet: (href: string) => string | undefined): string {
  return html.replace(STYLESHEET_LINK, (link) => {
    const href = /\bhref="([^"]+)"/.exec(link)?.[1];
    const css = href === undefined ? undefined : readStylesheet(href);
    if (css === undefined) throw new Error(`inlineStylesheet: ${link} names no stylesheet of the build.`);
    // A url() would resolve against the page, not the stylesheet's folder; a closing tag would end the element early.
    if (/url\(|<\/style/i.test(css)) throw new Error(`inlineStylesheet: ${href} holds a url() or a </style>, which would change meaning inside the page.`);
    return `<style>${css}</style>`;
  });
}

/** The page without its HTML comments; the text of scripts and styles is left as it is (their hashes are of that text). */
export function removeComments(html: string): string {
  return html
    .split(/(<(script|style)\b[^>]*>[\s\S]*?<\/\2\s*>)/i)
    .map((part, index) => (index % 3 === 0 ? part.replace(/[ \t]*<!--[\s\S]*?-->[ \t]*\n?/g, '') : index % 3 === 1 ? part : ''))
    .join('');
}

export function inlineStylesheet(): Plugin {
  return {
    name: 'inline-stylesheet',
    apply: 'build',
    // After Vite has written its own tags into the page; before the policy's hashes are taken (generateBundle).
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle as Bundle | undefined;
        if (!bundle) return html;
        return removeComments(inlineStylesheets(html, (href) => readCss(bundle, href)));
      },
    },
  };
}
