import { describe, expect, it } from 'vitest';
import { inlineStylesheets, removeComments } from '../../vite-inline-stylesheet.ts';
import { extractShellRules } from '../../vite-shell-rules.ts';

describe('the first page’s stylesheet written into the page', () => {
  const stylesheets: Record<string, string> = {
    '/assets/index-a.css': 'p{color:red}',
    './assets/index-a.css': 'p{color:red}',
    '/assets/bad.css': 'p{background:url(x.png)}',
  };
  const read = (href: string) => stylesheets[href];

  it('replaces each stylesheet link with its text, and leaves prefetch links and scripts alone', () => {
    const page =
      '<head><link rel="stylesheet" crossorigin href="/assets/index-a.css"><link rel="prefetch" href="/assets/g.css" as="style"><script type="module" src="/a.js"></script></head>';
    expect(inlineStylesheets(page, read)).toBe(
      '<head><style>p{color:red}</style><link rel="prefetch" href="/assets/g.css" as="style"><script type="module" src="/a.js"></script></head>',
    );
  });

  it('reads a relative link too (the static site is built with a relative base)', () => {
    expect(inlineStylesheets('<link rel="stylesheet" href="./assets/index-a.css">', read)).toBe('<style>p{color:red}</style>');
  });

  it('stops the build for a link to no stylesheet of the build, and for a stylesheet whose url() would change meaning', () => {
    expect(() => inlineStylesheets('<link rel="stylesheet" href="/assets/gone.css">', read)).toThrow(/names no stylesheet/);
    expect(() => inlineStylesheets('<link rel="stylesheet" href="/assets/bad.css">', read)).toThrow(/url\(\)/);
  });

  it('leaves out the page’s comments, and the text of its scripts and styles as it is', () => {
    const page =
      '<head>\n    <!-- why the theme\n         is read here -->\n    <script>var a = "<!-- kept -->";</script>\n  <style>p{}/* kept */</style>\n  <p>text</p><!-- end -->\n</head>';
    expect(removeComments(page)).toBe('<head>\n    <script>var a = "<!-- kept -->";</script>\n  <style>p{}/* kept */</style>\n  <p>text</p></head>');
  });

  it('with the app’s tags in a template, writes only the shell’s rules and moves the link first among those tags', () => {
    const css = '.shown{color:red}.app-only{color:blue}';
    const page =
      '<head><link rel="stylesheet" href="/assets/index-a.css"><template id="app-scripts">\n      <script type="module" src="/a.js"></script></template></head><body><p class="shown">x</p></body>';
    expect(inlineStylesheets(page, () => css)).toBe(
      '<head><style>.shown{color:red}</style><template id="app-scripts">\n      <link rel="stylesheet" href="/assets/index-a.css">\n      <script type="module" src="/a.js"></script></template></head><body><p class="shown">x</p></body>',
    );
  });
});

describe('the shell’s rules of the stylesheet', () => {
  const html =
    '<html><body><div class="flex p-6 dark:bg-slate-950"><button class="shadow-sm">Next</button><template><p class="text-sm">step</p></template></div></body></html>';

  it('keeps rules whose selectors name only the shell’s classes, elements and pseudo-elements (its templates’ too, and dark), and drops the rest', () => {
    const css =
      '.flex{display:flex}.grid{display:grid}.p-6{padding:1.5rem}.text-sm{font-size:.875rem}.dark\\:bg-slate-950:where(.dark,.dark *){background:#000}button,table{font:inherit}table{border-collapse:collapse}::placeholder{opacity:1}*,:before,::file-selector-button{margin:0}.hover\\:grid:hover{display:grid}@media (width>=40rem){.flex{gap:1px}.grid{gap:2px}}@keyframes spin{to{rotate:1turn}}';
    const rules = extractShellRules(css, html);
    for (const kept of [
      '.flex{display:flex}',
      '.p-6{',
      '.text-sm{',
      '.dark\\:bg-slate-950:where(.dark,.dark *)',
      'button,table{font:inherit}',
      '.flex{gap:1px}',
      '*,:before,::file-selector-button{margin:0}',
    ])
      expect(rules).toContain(kept);
    for (const dropped of ['.grid', 'border-collapse', 'hover', 'keyframes', 'gap:2px', 'placeholder']) expect(rules).not.toContain(dropped);
  });

  it('drops the custom properties and @property rules nothing kept reads, a variable read only by another kept one included', () => {
    const css =
      '@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}@property --tw-blur{syntax:"*";inherits:false}:root{--font-sans:ui-sans-serif;--default-font-family:var(--font-sans);--color-red-500:red}html{font-family:var(--default-font-family)}.shadow-sm{--tw-shadow:0 1px 3px #0000001a;box-shadow:var(--tw-shadow)}.blur{filter:blur(var(--tw-blur))}';
    const rules = extractShellRules(css, html);
    for (const kept of ['@property --tw-shadow', '--font-sans:', '--default-font-family:', '.shadow-sm{']) expect(rules).toContain(kept);
    for (const dropped of ['--tw-blur', '--color-red-500']) expect(rules).not.toContain(dropped);
  });
});
