import { describe, expect, it } from 'vitest';
import { convertLength, convertUnits } from './convert-units.ts';

const context = { signal: new AbortController().signal, reportProgress: async () => {} };

describe('convertLength', () => {
  it.each([
    [1, 'miles', 'kilometers', 1.609344],
    [1, 'kilometers', 'meters', 1000],
    [10, 'feet', 'meters', 3.048],
    [5280, 'feet', 'miles', 1],
    [3, 'meters', 'meters', 3],
  ] as const)('%d %s is %d %s', (value, from, to, expected) => {
    expect(convertLength(value, from, to)).toBe(expected);
  });
});

describe('convert_units', () => {
  it('publishes an outputSchema with value and unit', () => {
    expect(convertUnits.definition.outputSchema).toMatchObject({ type: 'object', required: ['value', 'unit'] });
    expect(convertUnits.definition.inputSchema.properties).toMatchObject({ from: { enum: ['meters', 'kilometers', 'miles', 'feet'] } });
  });

  it('returns structuredContent and the same data as JSON text', async () => {
    const input = { value: 1, from: 'miles', to: 'kilometers' } as const;
    const result = convertUnits.present(await convertUnits.handler(input, context), input);
    expect(result.structuredContent).toEqual({ value: 1.609344, unit: 'kilometers' });
    expect(result.content).toEqual([{ type: 'text', text: '{"value":1.609344,"unit":"kilometers"}' }]);
  });

  it('refuses a unit outside the enum', () => {
    expect(convertUnits.input.safeParse({ value: 1, from: 'inches', to: 'meters' }).success).toBe(false);
  });
});
