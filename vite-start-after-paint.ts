import type { Plugin } from 'vite';

/**
 * The app's script tags (its module script, the modulepreload links Vite writes for it and the
 * prefetch links of vite-prefetch-chunks.ts) kept in a `<template>` of index.html, which the
 * page puts into its head once the browser reports its first contentful paint. In the head the
 * browser fetches and compiles some forty files while it parses, styles and paints the shell:
 * on a loaded machine of two cores those threads took the CPU from the first paint (measured
 * beside a bare page, bench/README.md). The shell paints and its Next shows step 1 without the
 * app (vite-shell-first-step.ts), so nothing the learner sees waits for it.
 *
 * The tags are the same, inert inside the template until cloned: the first page loads the same
 * files (bench/measure-bundle-size.ts reads them there). A page opened hidden (a background tab)
 * or in a browser that reports no paint starts the app at once, as before; one that never
 * reports its paint, after a wait far longer than any first paint measured here.
 */

const APP_TAG = /[ \t]*(?:<script\b[^>]*\btype="module"[^>]*><\/script>|<link\b[^>]*\brel="(?:modulepreload|prefetch)"[^>]*>)\n?/g;
export const APP_SCRIPTS_TEMPLATE_ID = 'app-scripts';
/** The longest the app waits for a paint the browser has not reported (first paints here took 0.1 to 0.6 s, on a loaded machine). */
const START_AFTER_MS = 10_000;

/** The classic inline script that starts the app; the policy allows it by its hash (vite-content-security-policy.ts). */
export const START_APP_SCRIPT = `
      (function startAppAfterFirstPaint() {
        var started = false;
        function start() {
          if (started) return;
          started = true;
          var tags = document.getElementById('${APP_SCRIPTS_TEMPLATE_ID}');
          if (tags instanceof HTMLTemplateElement) document.head.appendChild(document.importNode(tags.content, true));
        }
        function startOnceParsed() {
          if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
          else start();
        }
        var types = window.PerformanceObserver && PerformanceObserver.supportedEntryTypes;
        if (!types || types.indexOf('paint') < 0 || document.visibilityState === 'hidden') return startOnceParsed();
        new PerformanceObserver(function (list, observer) {
          if (list.getEntriesByName('first-contentful-paint').length === 0) return;
          observer.disconnect();
          startOnceParsed();
        }).observe({ type: 'paint', buffered: true });
        setTimeout(startOnceParsed, ${START_AFTER_MS});
      })();
    `;

/** The page with its app tags moved into the template, and the script that starts them, where the first of them was. */
export function startAppAfterPaint(html: string): string {
  const tags: string[] = [];
  let at = -1;
  const rest = html.replace(APP_TAG, (tag, offset: number) => {
    if (at < 0) at = offset;
    tags.push(tag.trim());
    return '';
  });
  if (!tags.some((tag) => tag.startsWith('<script'))) throw new Error('startAfterPaint: the page has no module script to start after its first paint.');
  const template = `    <template id="${APP_SCRIPTS_TEMPLATE_ID}">\n${tags.map((tag) => `      ${tag}\n`).join('')}    </template>\n    <script>${START_APP_SCRIPT}</script>\n`;
  return `${rest.slice(0, at)}${template}${rest.slice(at)}`;
}

export function startAfterPaint(): Plugin {
  return {
    name: 'start-after-paint',
    apply: 'build',
    // After Vite's own tags and the prefetch links are in the page; before the policy's hashes are taken (generateBundle).
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        // The app's page only: the OAuth callback page's script must run as it comes.
        return context.filename.endsWith('index.html') && context.bundle ? startAppAfterPaint(html) : html;
      },
    },
  };
}
