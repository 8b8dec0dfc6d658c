import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';
import type { ReadResourceResult, Resource } from '@modelcontextprotocol/server';
import { LENGTH_UNITS } from '../tools/convert-units.ts';

/**
 * The resources of /mcp/toolbox: data the server offers to read (resources/list, then
 * resources/read), which the host, not the model, decides to put in the model's context.
 * find_unit_table answers with a resource_link to the table rather than the table itself.
 */

export const LENGTH_UNITS_URI = 'toolbox://tables/length-units';
export const ABOUT_URI = 'toolbox://about';

const METERS: Record<(typeof LENGTH_UNITS)[number], string> = { meters: '1', kilometers: '1000', miles: '1609.344', feet: '0.3048' };

const LENGTH_UNITS_TABLE = [
  '| unit | meters in one |',
  '| --- | --- |',
  ...LENGTH_UNITS.map((unit) => `| ${unit} | ${METERS[unit]} |`),
  '',
  'The longest unit here is the mile.',
].join('\n');

const ABOUT_TEXT = 'The explorer’s toolbox: arithmetic, unit conversion, a bar chart, a slow counter, notes, and a tool that unlocks another tool.';

export const toolboxResources: Resource[] = [
  {
    uri: LENGTH_UNITS_URI,
    name: 'length-units',
    title: 'Table of length units',
    description: 'How many meters each length unit of convert_units is',
    mimeType: 'text/markdown',
  },
  { uri: ABOUT_URI, name: 'about', title: 'About this server', description: 'What the toolbox offers, in one sentence', mimeType: 'text/plain' },
];

/** resources/read: the contents at a URI, or InvalidParams (-32602, as the SDK maps a miss in both eras) naming the URIs there are. */
export function readToolboxResource(uri: string): ReadResourceResult & { contents: [ReadResourceResult['contents'][number]] } {
  if (uri === LENGTH_UNITS_URI) return { contents: [{ uri, mimeType: 'text/markdown', text: LENGTH_UNITS_TABLE }] };
  if (uri === ABOUT_URI) return { contents: [{ uri, mimeType: 'text/plain', text: ABOUT_TEXT }] };
  throw new ProtocolError(
    ProtocolErrorCode.InvalidParams,
    `Resource ${uri} not found. The resources here are ${toolboxResources.map((resource) => resource.uri).join(', ')}.`,
    { uri },
  );
}
