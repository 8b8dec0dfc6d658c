import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every link between the project's own pages leads somewhere: the README sends a user to
 * docs/ for the detail it leaves out, and a page moved or a heading renamed would leave
 * that user at a dead end. Links are checked as GitHub renders them: the file, then the
 * heading's anchor.
 */

const root = path.resolve(import.meta.dirname, '../..');
const pages = [
  'README.md',
  'DEVELOPERS.md',
  'SECURITY.md',
  'bench/README.md',
  ...readdirSync(path.join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/** The text outside fenced code blocks, where a `[x](y)` is an example, not a link. */
function readProse(page: string): string {
  return readFileSync(path.join(root, page), 'utf8').replace(/^```[\s\S]*?^```/gm, '');
}

/** GitHub's anchor for a heading: lower case, punctuation dropped but hyphens, spaces as hyphens; a repeated one numbered. */
function listAnchors(page: string): Set<string> {
  const anchors = new Set<string>();
  for (const [, heading] of readProse(page).matchAll(/^#{1,6} (.+)$/gm)) {
    const slug = heading!
      .toLowerCase()
      .replace(/[^\p{L}\p{N} _-]/gu, '')
      .replace(/ /g, '-');
    let anchor = slug;
    for (let count = 1; anchors.has(anchor); count += 1) anchor = `${slug}-${count}`;
    anchors.add(anchor);
  }
  return anchors;
}

function listRelativeLinks(page: string): string[] {
  return [...readProse(page).matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1]!).filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target));
}

describe("the project's pages", () => {
  it('link only to files that exist and to headings they have', () => {
    const dead: string[] = [];
    for (const page of pages) {
      for (const target of listRelativeLinks(page)) {
        const [file = '', anchor] = target.split('#');
        const linked = file === '' ? page : path.relative(root, path.resolve(root, path.dirname(page), file));
        if (!existsSync(path.join(root, linked))) dead.push(`${page} → ${target}: no file ${linked}`);
        else if (anchor && linked.endsWith('.md') && !listAnchors(linked).has(anchor)) dead.push(`${page} → ${target}: no heading #${anchor} in ${linked}`);
      }
    }
    expect(dead).toEqual([]);
  });

  it('finds a dead link as dead', () => {
    expect(listAnchors('README.md').has('connecting-your-own-server')).toBe(true);
    expect(listAnchors('README.md').has('connecting-someone-elses-server')).toBe(false);
    expect(listRelativeLinks('README.md')).toContain('docs/using.md');
  });
});
