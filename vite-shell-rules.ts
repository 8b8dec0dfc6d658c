import { transform, type CustomAtRules, type Visitor } from 'lightningcss';

/**
 * The rules of the first page's stylesheet that its shell uses (index.html before the app
 * runs: the header, the loading line, Next and the step 1 it shows), for the `<style>` the
 * page paints from (vite-inline-stylesheet.ts). The whole stylesheet is 57 kB of the app's
 * rules; a Chromium trace of the first load showed parsing it and matching its rules as
 * most of the main thread our first paint took beyond a bare page's. The whole stylesheet
 * still comes, after the first paint and before the app's first render, so the rules
 * left out here are never missed.
 *
 * A style rule is kept when one of its selectors names only classes, elements and
 * pseudo-elements the shell's markup has (`dark` too: the page's first script may set it on <html>); keyframes
 * go (the shell animates nothing); then custom properties and @property rules nothing
 * kept reads with var() go, until none is left to drop.
 */

type Shell = { classes: Set<string>; elements: Set<string> };

/** The classes and element names in the page's markup, its templates' included. */
function readShell(html: string): Shell {
  const classes = new Set(['dark']);
  for (const match of html.matchAll(/\bclass="([^"]*)"/g)) for (const name of match[1]!.split(/\s+/)) if (name) classes.add(name);
  const elements = new Set([...html.matchAll(/<([a-z][a-z0-9-]*)\b/gi)].map((match) => match[1]!.toLowerCase()));
  return { classes, elements };
}

/** The pseudo-elements the shell's markup can have: the rest belong to form controls (placeholders, date fields, spin buttons), which it has none of. */
const SHELL_PSEUDO_ELEMENTS = new Set(['before', 'after', 'backdrop']);

type Names = { classes: string[]; elements: string[]; pseudoElements: string[] };

/** Every class, element and pseudo-element a selector (or any part of one, :where() and :is() included) names. */
function collectNames(value: unknown, names: Names): Names {
  if (Array.isArray(value)) {
    for (const item of value) collectNames(item, names);
  } else if (typeof value === 'object' && value !== null) {
    const component = value as { type?: unknown; name?: unknown; kind?: unknown };
    if (component.type === 'class' && typeof component.name === 'string') names.classes.push(component.name);
    else if (component.type === 'type' && typeof component.name === 'string') names.elements.push(component.name.toLowerCase());
    else if (component.type === 'pseudo-element') names.pseudoElements.push(String(component.kind));
    else for (const part of Object.values(value)) collectNames(part, names);
  }
  return names;
}

function isForShell(selector: unknown, shell: Shell): boolean {
  const { classes, elements, pseudoElements } = collectNames(selector, { classes: [], elements: [], pseudoElements: [] });
  return (
    classes.every((name) => shell.classes.has(name)) &&
    elements.every((name) => shell.elements.has(name)) &&
    pseudoElements.every((kind) => SHELL_PSEUDO_ELEMENTS.has(kind))
  );
}

function rewrite(css: string, visitor: Visitor<CustomAtRules>): string {
  return transform({ filename: 'shell.css', code: Buffer.from(css), minify: true, visitor }).code.toString();
}

export function extractShellRules(css: string, html: string): string {
  const shell = readShell(html);
  let rules = rewrite(css, {
    Rule(rule) {
      if (rule.type === 'style') return rule.value.selectors.some((selector) => isForShell(selector, shell)) ? undefined : [];
      if (rule.type === 'keyframes') return [];
      return undefined;
    },
  });
  // A theme variable can be read only by another (--default-font-family reads --font-sans): drop until nothing changes.
  for (;;) {
    const read = new Set([...rules.matchAll(/var\((--[\w-]+)/g)].map((match) => match[1]!));
    const fewer = rewrite(rules, {
      Rule: (rule) => (rule.type === 'property' && !read.has(rule.value.name) ? [] : undefined),
      Declaration: (declaration) =>
        declaration.property === 'custom' && declaration.value.name.startsWith('--') && !read.has(declaration.value.name) ? [] : undefined,
    });
    if (fewer.length === rules.length) return rules;
    rules = fewer;
  }
}
