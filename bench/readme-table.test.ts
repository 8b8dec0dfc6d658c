import { describe, expect, it } from 'vitest';
import { formatRunHeading, replaceTable, TABLE_END, TABLE_START } from './readme-table.ts';

describe('the bench README table', () => {
  it('replaces only what lies between the markers, so no older run stays beside the new one', () => {
    const readme = `# Bench\n\nBefore.\n\n${TABLE_START}\n\nold heading\n\n| old | table |\n\n${TABLE_END}\n\nAfter.\n`;
    const written = replaceTable(readme, 'new heading', '| new | table |');
    expect(written).toBe(`# Bench\n\nBefore.\n\n${TABLE_START}\n\nnew heading\n\n| new | table |\n\n${TABLE_END}\n\nAfter.\n`);
    expect(replaceTable(written, 'new heading', '| new | table |')).toBe(written);
  });

  it('refuses a README without the block', () => {
    expect(() => replaceTable('# Bench\n', 'h', 't')).toThrow(/no <!-- bench-table:start/);
  });

  it('notes the machine and its load at both ends of the run', () => {
    const heading = formatRunHeading({
      date: '2026-12-05T06:01:02.000Z',
      cpu: 'AMD EPYC',
      cores: 2,
      memoryGigabytes: 25,
      node: 'v20.20.2',
      loadAtStart: [1.234, 2, 3],
      loadAtEnd: [4, 5, 6],
      durationSeconds: 600,
    });
    expect(heading).toContain('2026-12-05 06:01 UTC on AMD EPYC (2 cores, 25 GB, Node v20.20.2), 600 s');
    expect(heading).toContain('1.2 / 2.0 / 3.0 at the start, 4.0 / 5.0 / 6.0 at the end');
  });
});
