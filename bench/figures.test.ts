import { describe, expect, it } from 'vitest';
import { createFigure } from './figures.ts';

describe('a figure against its budget', () => {
  it('is rounded for reading', () => {
    expect(createFigure({ part: 'p', name: 'n', value: 23.2149, unit: 'ms', budget: { comparison: '<=', limit: 50 } })).toMatchObject({
      value: 23.2,
      status: 'met',
    });
  });

  it('keeps the digits that show why it missed when rounding would make it read as the limit', () => {
    expect(createFigure({ part: 'p', name: 'n', value: 1.2034, unit: '×', budget: { comparison: '<=', limit: 1.2 } })).toMatchObject({
      value: 1.203,
      status: 'missed',
    });
    expect(createFigure({ part: 'p', name: 'n', value: 999.6, unit: 'calls/s', budget: { comparison: '>=', limit: 1000 } })).toMatchObject({
      value: 999.6,
      status: 'missed',
    });
  });

  it('reads exactly the limit as met', () => {
    expect(createFigure({ part: 'p', name: 'n', value: 0, unit: '', budget: { comparison: '<=', limit: 0 } })).toMatchObject({ value: 0, status: 'met' });
  });
});
