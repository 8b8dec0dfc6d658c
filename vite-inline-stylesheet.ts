import type { Plugin } from 'vite';
import { extractShellRules } from './vite-shell-rules.ts';
import { APP_SCRIPTS_TEMPLATE_ID } from './vite-start-after-paint.ts';

/**
 * The rules of the first page's stylesheet that its shell uses, written into the page as a
 * `<style>` (vite-shell-rules.ts), and the `<link>` to the whole stylesheet moved among the
 * app's tags, which the page adds once it has painted (vite-start-after-paint.ts).
 *
 * A linked stylesheet in the head holds back the first paint for a request of its own after
 * the page's, asked for behind the page's modulepreload links (six connections to a host on
 * HTTP/1.1). The whole stylesheet inlined (57 kB) cost the main thread its parse and its
 * rules' matching before the first paint: a Chromium trace beside a bare page of one paragraph
 * put most of what our first paint's main thread did beyond it there (bench/README.md). The
 * shell's rules are about a fifth of it. The app renders only once the whole stylesheet has
 * loaded (src/ui/wait-for-stylesheets.ts), so no element of the app is ever drawn unstyled.
 * The policy allows the `<style>` by its hash (server/node/security-headers.ts), as it does
 * the inline scripts, and the linked stylesheet as one of the site's own.
 *
 * The built page also leaves out index.html's comments, which are for its readers, not the
 * browser: that more than pays for the `<style>` tags.
 */

type Bundle = Record<string, { type: string; fileName: string; source?: string | Uint8Array }>;

const STYLESHEET_LINK = /<link\b[^>]*\brel="stylesheet"[^>]*>/g;

function readCss(bundle: Bundle, href: string): string | undefined {
  const asset = Object.values(bundle).find((file) => file.type === 'asset' && file.fileName.endsWith('.css') && href.endsWith(`/${file.fileName}`));
  if (!asset || asset.source === undefined) return undefined;
  return typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
}

/**
 * The page with each of its built stylesheet links replaced by the shell's rules of that
 * stylesheet in a `<style>`, and the link moved into the template of the app's tags. A page
 * with no such template (none of the app's) gets the whole stylesheet in its `<style>`.
 */
export function inlineStylesheets(html: string, readStylesheet: (href: string) => string | undefined): string {
  const appTags = `<template id="${APP_SCRIPTS_TEMPLATE_ID}">`;
  const later: string[] = [];
  const hasAppTags = html.includes(appTags);
  const page = html.replace(STYLESHEET_LINK, (link) => {
    const href = /\bhref="([^"]+)"/.exec(link)?.[1];
    const css = href === undefined ? undefined : readStylesheet(href);
    if (css === undefined) throw new Error(`inlineStylesheet: ${link} names no stylesheet of the build.`);
    const inline = hasAppTags ? extractShellRules(css, html) : css;
    // A url() would resolve against the page, not the stylesheet's folder; a closing tag would end the element early.
    if (/url\(|<\/style/i.test(inline)) throw new Error(`inlineStylesheet: ${href} holds a url() or a </style>, which would change meaning inside the page.`);
    if (hasAppTags) later.push(link);
    return `<style>${inline}</style>`;
  });
  // First among the app's tags, so that the stylesheet is asked for before the scripts that wait for it.
  return later.length === 0 ? page : page.replace(appTags, `${appTags}\n      ${later.join('\n      ')}`);
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
