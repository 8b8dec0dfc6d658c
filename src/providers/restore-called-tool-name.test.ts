import { describe, expect, it } from 'vitest';
import { restoreCalledToolName } from './restore-called-tool-name.ts';

describe('restoreCalledToolName', () => {
  const nameMap = { get_weather_v2: 'get-weather.v2', add_numbers: 'add_numbers' };

  it('maps a renamed tool back to its MCP name, with a warning and the change at the format’s path', () => {
    expect(restoreCalledToolName({ name: 'get_weather_v2', nameMap, path: 'function.name' })).toEqual({
      result: 'get-weather.v2',
      warnings: [{ code: 'tool-name-restored', message: 'The model called "get_weather_v2"; the MCP tool is "get-weather.v2".', path: 'function.name' }],
      changes: [{ kind: 'renamed', from: 'function.name', to: 'name', note: 'mapped back to the MCP name "get-weather.v2"' }],
    });
  });

  it('moves a name that kept its MCP spelling out of its wrapper, without a warning', () => {
    expect(restoreCalledToolName({ name: 'add_numbers', nameMap, path: 'functionCall.name' })).toEqual({
      result: 'add_numbers',
      warnings: [],
      changes: [{ kind: 'moved', from: 'functionCall.name', to: 'name', note: 'the name comes out of "functionCall"' }],
    });
  });

  it('reports nothing for a flat name that needs no mapping', () => {
    expect(restoreCalledToolName({ name: 'add_numbers', nameMap, path: 'name' })).toEqual({ result: 'add_numbers', warnings: [], changes: [] });
  });

  it('keeps a name the model invented, for the MCP server to refuse', () => {
    expect(restoreCalledToolName({ name: 'made_up', nameMap, path: 'name' })).toEqual({ result: 'made_up', warnings: [], changes: [] });
    expect(restoreCalledToolName({ name: 'toString', nameMap: {}, path: 'name' }).result).toBe('toString');
  });
});
