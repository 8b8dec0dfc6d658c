import { describe, expect, it } from 'vitest';
import { findFirstPageFiles } from '../../bench/measure-bundle-size.ts';
import { startAppAfterPaint } from '../../vite-start-after-paint.ts';

describe('the app’s script tags started after the first paint', () => {
  const page = [
    '<head>',
    '    <script>var theme;</script>',
    '    <script type="module" crossorigin src="./assets/index-a.js"></script>',
    '    <link rel="modulepreload" crossorigin href="./assets/react-b.js">',
    '    <link rel="icon" href="data:image/svg+xml,x" />',
    '    <link rel="prefetch" href="./assets/engine-c.js" as="script" crossorigin>',
    '    <style>p{}</style>',
    '  </head>',
  ].join('\n');

  it('moves the module script, the modulepreload and the prefetch links into one template, in their order, where the first was', () => {
    const html = startAppAfterPaint(page);
    const template = /<template id="app-scripts">([\s\S]*?)<\/template>/.exec(html)?.[1] ?? '';
    expect(template.match(/<(script|link)\b[^>]*>/g)).toEqual([
      '<script type="module" crossorigin src="./assets/index-a.js">',
      '<link rel="modulepreload" crossorigin href="./assets/react-b.js">',
      '<link rel="prefetch" href="./assets/engine-c.js" as="script" crossorigin>',
    ]);
    // Outside the template: the theme script, the starter, the icon and the style; no tag the browser would fetch at once.
    const outside = html.replace(/<template id="app-scripts">[\s\S]*?<\/template>/, '');
    expect(outside).not.toMatch(/type="module"|modulepreload|rel="prefetch"/);
    expect(outside.indexOf('<script>var theme;')).toBeLessThan(outside.indexOf('startAppAfterFirstPaint'));
    expect(outside.indexOf('startAppAfterFirstPaint')).toBeLessThan(outside.indexOf('rel="icon"'));
    expect(outside).toContain('<style>p{}</style>');
  });

  it('leaves the first page’s files as the bench counts them', () => {
    expect(findFirstPageFiles(startAppAfterPaint(page))).toEqual(findFirstPageFiles(page));
  });

  it('stops the build for a page with no module script', () => {
    expect(() => startAppAfterPaint('<head><link rel="modulepreload" href="./a.js"></head>')).toThrow(/no module script/);
  });
});
