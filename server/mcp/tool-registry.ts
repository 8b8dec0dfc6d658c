import { z } from 'zod';
import type { CallToolResult, Tool } from '@modelcontextprotocol/server';

/**
 * A tool has two halves: the public definition that tools/list sends out, and the
 * private handler that never leaves the server. The registry keeps both, keyed by name.
 */
export type ToolDefinition<Input extends z.ZodObject = z.ZodObject, Output = unknown> = {
  name: string;
  title?: string;
  description: string;
  input: Input;
  annotations?: Tool['annotations'];
  /** The work itself: receives validated arguments, returns a plain value. */
  handler: (input: z.infer<Input>, context: { signal: AbortSignal }) => Promise<Output> | Output;
  /** How the server packages the handler's value as an MCP result. */
  present: (output: Output, input: z.infer<Input>) => CallToolResult;
};

export type RegisteredTool = {
  definition: Tool;
  input: z.ZodObject;
  handler: (input: unknown, context: { signal: AbortSignal }) => Promise<unknown>;
  present: (output: unknown, input: unknown) => CallToolResult;
};

export function defineTool<Input extends z.ZodObject, Output>(tool: ToolDefinition<Input, Output>): RegisteredTool {
  const { $schema: _dialect, ...inputSchema } = z.toJSONSchema(tool.input, { io: 'input' }) as Record<string, unknown>;
  const definition: Tool = {
    name: tool.name,
    ...(tool.title ? { title: tool.title } : {}),
    description: tool.description,
    inputSchema: inputSchema as Tool['inputSchema'],
    ...(tool.annotations ? { annotations: tool.annotations } : {}),
  };
  return {
    definition,
    input: tool.input,
    handler: async (input, context) => tool.handler(input as z.infer<Input>, context),
    present: (output, input) => tool.present(output as Output, input as z.infer<Input>),
  };
}

export type ToolRegistry = {
  list(): Tool[];
  get(name: string): RegisteredTool | undefined;
};

export function createToolRegistry(tools: RegisteredTool[]): ToolRegistry {
  const byName = new Map(tools.map((tool) => [tool.definition.name, tool]));
  if (byName.size !== tools.length) throw new Error('Two tools share a name; tool names must be unique.');
  return {
    list: () => tools.map((tool) => tool.definition),
    get: (name) => byName.get(name),
  };
}
