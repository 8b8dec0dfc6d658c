import { describe, expect, it } from 'vitest';
import { inlineStylesheets, removeComments } from '../../vite-inline-stylesheet.ts';

describe('the first page’s stylesheet written into the page', () => {
  const stylesheets: Record<string, string> = { '/assets/index-a.css': 'p{color:red}', './assets/index-a.css': 'p{color:red}', '/assets/bad.css': 'p{background:url(x.png)}' };
  const read = (href: string) => stylesheets[href];

  it('replaces each stylesheet link with its text, and leaves prefetch links and scripts alone', () => {
    const page = '<head><link rel="stylesheet" crossorigin href="/assets/index-a.css"><link rel="prefetch" href="/assets/g.css" as="style"><script type="module" src="/a.js"></script></head>';
    expect(inlineStylesheets(page, read)).toBe('<head><style>p{color:red}</style><link rel="prefetch" href="/assets/g.css" as="style"><script type="module" src="/a.js"></script></head>');
  });

  it('reads a relative link too (the static site is built with a relative base)', () => {
    expect(inlineStylesheets('<link rel="stylesheet" href="./assets/index-a.css">', read)).toBe('<style>p{color:red}</style>');
  });

  it('stops the build for a link to no stylesheet of the build, and for a stylesheet whose url() would change meaning', () => {
    expect(() => inlineStylesheets('<link rel="stylesheet" href="/assets/gone.css">', read)).toThrow(/names no stylesheet/);
    expect(() => inlineStylesheets('<link rel="stylesheet" href="/assets/bad.css">', read)).toThrow(/url\(\)/);
  });

  it('leaves out the page’s comments, and the text of its scripts and styles as it is', () => {
    const page = '<head>\n    <!-- why the theme\n         is read here -->\n    <script>var a = "<!-- kept -->";</script>\n  <style>p{}/* kept */</style>\n  <p>text</p><!-- end -->\n</head>';
    expect(removeComments(page)).toBe('<head>\n    <script>var a = "<!-- kept -->";</script>\n  <style>p{}/* kept */</style>\n  <p>text</p></head>');
  });
});
