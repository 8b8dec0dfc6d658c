import { z } from 'zod';
import type { CallToolResult } from '@modelcontextprotocol/server';
import { defineTool, type RegisteredTool } from '../tool-registry.ts';
import { LENGTH_UNITS_URI } from './toolbox-resources.ts';

/**
 * The toolbox tools that change something, each with its lesson: delete_note is
 * destructive (its annotation says so, and a host asks the user first), find_unit_table
 * answers with a link for the host to read, and unlock_temperature_tool changes the
 * server's tool list during the run (notifications/tools/list_changed).
 *
 * The notes belong to one run, not to the app: many learners share one server, and the
 * first Allow of one of them must not delete "draft" for all the others. The server tells
 * runs apart by the trace id the host sends in every request's `_meta.traceparent` (one
 * per run, in both eras; a real server would use the signed-in user); a call without one
 * starts from the seed notes each time. Whether the temperature tool is unlocked belongs
 * to the run too (one learner's unlock must not list the tool for another, nor let another
 * take its one call); it is good for one call, then locked again. Clients that send no
 * traceparent (a third-party client) share one unlock between them, as a plain server would.
 */

const SEED_NOTES = ['draft', 'shopping-list', 'ideas'];

/** How many runs' notes the server keeps at most: the oldest run's are forgotten first (it starts again from the seed). */
export const MAX_RUNS_WITH_NOTES = 512;

/** Something each run keeps of its own, the oldest run's forgotten first: at most MAX_RUNS_WITH_NOTES runs. */
function keepPerRun<T>(start: () => T): (runKey: string) => T {
  const byRun = new Map<string, T>();
  return (runKey) => {
    const kept = byRun.get(runKey);
    if (kept !== undefined) return kept;
    const value = start();
    byRun.set(runKey, value);
    if (byRun.size > MAX_RUNS_WITH_NOTES) byRun.delete(byRun.keys().next().value!);
    return value;
  };
}

/** The notes of each run; a call without a run starts from the seed notes each time. */
function createRunNotes(): (runKey: string | undefined) => Set<string> {
  const notesOf = keepPerRun(() => new Set(SEED_NOTES));
  return (runKey) => (runKey === undefined ? new Set(SEED_NOTES) : notesOf(runKey));
}

/** The key of the unlock shared by the clients that name no run. */
const NO_RUN = '';

function text(value: string, isError = false): CallToolResult {
  return { content: [{ type: 'text', text: value }], ...(isError ? { isError: true } : {}) };
}

export type ToolboxState = {
  /** The tools listed now for a run: the given ones, and convert_temperature while that run has it unlocked. */
  listTools: (runKey: string | undefined) => RegisteredTool[];
  /** The tools this state adds to the toolbox's own. */
  tools: RegisteredTool[];
};

export function createToolboxState(): ToolboxState {
  const notesOf = createRunNotes();
  const unlockOf = keepPerRun(() => ({ unlocked: false }));

  const deleteNote = defineTool({
    name: 'delete_note',
    title: 'Delete a note',
    description: `Deletes one of the server's notes for good (${SEED_NOTES.join(', ')} to start with; each run has notes of its own)`,
    input: z.strictObject({ name: z.string().min(1).describe('The name of the note to delete') }),
    annotations: { title: 'Delete a note', readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    handler: ({ name }, context) => {
      const notes = notesOf(context.runKey);
      const existed = notes.delete(name);
      return { name, existed, left: [...notes] };
    },
    present: ({ name, existed, left }) =>
      existed
        ? text(`Deleted the note ${name}. Notes left: ${left.join(', ') || 'none'}.`)
        : text(`There is no note named ${name} (it may have been deleted already). Notes left: ${left.join(', ') || 'none'}.`, true),
  });

  const findUnitTable = defineTool({
    name: 'find_unit_table',
    description: 'Finds the table of length units and answers with a link to it (a resource_link), not its text',
    input: z.strictObject({}),
    annotations: { readOnlyHint: true },
    handler: () => LENGTH_UNITS_URI,
    present: (uri) => ({
      content: [
        { type: 'text', text: `The table of length units is the resource ${uri}.` },
        { type: 'resource_link', uri, name: 'length-units', title: 'Table of length units', mimeType: 'text/markdown' },
      ],
    }),
  });

  const convertTemperature = defineTool({
    name: 'convert_temperature',
    description: 'Converts a temperature between celsius and fahrenheit (unlocked for one call by unlock_temperature_tool)',
    input: z.strictObject({
      value: z.number().describe('The temperature to convert'),
      from: z.enum(['celsius', 'fahrenheit']).describe('The scale the value is in'),
      to: z.enum(['celsius', 'fahrenheit']).describe('The scale to convert to'),
    }),
    handler: async ({ value, from, to }, context) => {
      // One call, then locked again: the list changes back, and the server says so.
      unlockOf(context.runKey ?? NO_RUN).unlocked = false;
      await context.notifyToolsChanged?.();
      if (from === to) return { value, unit: to };
      const converted = from === 'celsius' ? (value * 9) / 5 + 32 : ((value - 32) * 5) / 9;
      return { value: Number(converted.toPrecision(12)), unit: to };
    },
    present: (converted) => text(JSON.stringify(converted)),
  });

  const unlockTemperatureTool = defineTool({
    name: 'unlock_temperature_tool',
    description: 'Unlocks convert_temperature, which converts temperatures between celsius and fahrenheit: the tool list changes',
    input: z.strictObject({}),
    handler: async (_input, context) => {
      const unlock = unlockOf(context.runKey ?? NO_RUN);
      const wasUnlocked = unlock.unlocked;
      unlock.unlocked = true;
      if (!wasUnlocked) await context.notifyToolsChanged?.();
      return wasUnlocked;
    },
    present: (wasUnlocked) =>
      text(
        wasUnlocked
          ? 'convert_temperature was unlocked already: the tool list is unchanged.'
          : 'convert_temperature is now unlocked for one call: the tool list changed (notifications/tools/list_changed). List the tools again to see it.',
      ),
  });

  const tools = [deleteNote, findUnitTable, unlockTemperatureTool];
  return {
    tools,
    listTools: (runKey) => (unlockOf(runKey ?? NO_RUN).unlocked ? [...tools, convertTemperature] : tools),
  };
}
