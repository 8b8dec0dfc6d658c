import { z } from 'zod';
import { defineTool } from '../tool-registry.ts';

/**
 * A tool with an outputSchema: the result carries structuredContent that a client
 * validates against it, plus the same data as JSON text, because the spec says a tool
 * returning structured content SHOULD also return it serialized, for clients (and
 * models) that read only text.
 */

export const LENGTH_UNITS = ['meters', 'kilometers', 'miles', 'feet'] as const;
type LengthUnit = (typeof LENGTH_UNITS)[number];

const METERS_PER_UNIT: Record<LengthUnit, number> = {
  meters: 1,
  kilometers: 1000,
  miles: 1609.344,
  feet: 0.3048,
};

export const convertUnits = defineTool({
  name: 'convert_units',
  description: 'Converts a length between meters, kilometers, miles and feet',
  input: z.strictObject({
    value: z.number().describe('The length to convert'),
    from: z.enum(LENGTH_UNITS).describe('The unit the value is in'),
    to: z.enum(LENGTH_UNITS).describe('The unit to convert to'),
  }),
  output: z.object({
    value: z.number().describe('The converted length'),
    unit: z.string().describe('The unit of the converted length'),
  }),
  handler: ({ value, from, to }) => ({ value: convertLength(value, from, to), unit: to }),
  present: (converted) => ({
    content: [{ type: 'text', text: JSON.stringify(converted) }],
    structuredContent: converted,
  }),
});

/** Through meters; twelve significant digits hide binary noise such as 1.6093440000000001. */
export function convertLength(value: number, from: LengthUnit, to: LengthUnit): number {
  const converted = (value * METERS_PER_UNIT[from]) / METERS_PER_UNIT[to];
  return Number(converted.toPrecision(12));
}
