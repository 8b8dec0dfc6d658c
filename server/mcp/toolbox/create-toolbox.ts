import type { ServerCatalog } from '../server-catalog.ts';
import { createTaskStore, type TaskStore } from '../tasks/task-store.ts';
import { createChangingToolRegistry, type RegisteredTool, type ToolRegistry } from '../tool-registry.ts';
import { getToolboxPrompt, toolboxPrompts } from './toolbox-prompts.ts';
import { readToolboxResource, toolboxResources } from './toolbox-resources.ts';
import { createToolboxState } from './toolbox-state-tools.ts';

/**
 * /mcp/toolbox as one app holds it: the given tools, the tools with state of their own
 * (notes, a resource link, an unlockable tool), the prompts and resources, and the tasks
 * its task tools start (shared by every instance that serves the endpoint).
 */
export function createToolbox({ tools }: { tools: RegisteredTool[] }): { registry: ToolRegistry; catalog: ServerCatalog; tasks: TaskStore } {
  const state = createToolboxState();
  return {
    registry: createChangingToolRegistry((runKey) => [...tools, ...state.listTools(runKey)]),
    catalog: { prompts: { list: toolboxPrompts, get: getToolboxPrompt }, resources: toolboxResources, readResource: readToolboxResource, toolsChange: true },
    tasks: createTaskStore(),
  };
}
