import type { FieldChange, Warning } from '../trace/index.ts';
import { restoreToolName } from './tool-names.ts';
import type { ToolNameMap, Translated } from './types.ts';

/**
 * The first part of translation #2 in every format: the MCP name behind the name the model
 * called, a warning when translation #1 had renamed the tool, and the change for the name
 * field. `path` is where the format keeps the name ("name", "function.name"…): a name
 * inside a wrapper comes out of it even when it is not renamed. A name the model invented
 * is kept as it is, for the MCP server to refuse in words the model can read.
 */
export function restoreCalledToolName({ name, nameMap, path }: { name: string; nameMap: ToolNameMap; path: string }): Translated<string> {
  const mcpName = restoreToolName({ name, nameMap }) ?? name;
  if (mcpName !== name) {
    const warning: Warning = { code: 'tool-name-restored', message: `The model called "${name}"; the MCP tool is "${mcpName}".`, path };
    const change: FieldChange = { kind: 'renamed', from: path, to: 'name', note: `mapped back to the MCP name "${mcpName}"` };
    return { result: mcpName, warnings: [warning], changes: [change] };
  }
  const dot = path.lastIndexOf('.');
  const changes: FieldChange[] = dot < 0 ? [] : [{ kind: 'moved', from: path, to: 'name', note: `the name comes out of "${path.slice(0, dot)}"` }];
  return { result: mcpName, warnings: [], changes };
}
