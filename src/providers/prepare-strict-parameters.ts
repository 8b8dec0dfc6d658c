import type { FieldChange, Warning } from '../trace/index.ts';
import { convertToOpenAiStrictSchema } from './openai-strict-schema.ts';
import type { Schema } from './schema-shape-fixes.ts';
import { findStrictObstacles, type StrictObstacle } from './strict-obstacles.ts';

/** How many obstacles a warning names before it counts the rest. */
const NAMED_OBSTACLES = 3;

function describeObstacles(obstacles: StrictObstacle[]): string {
  const named = obstacles.slice(0, NAMED_OBSTACLES).map((obstacle) => `"${obstacle.keyword}" at ${obstacle.path} (${obstacle.what})`);
  const more = obstacles.length > NAMED_OBSTACLES ? ` and ${obstacles.length - NAMED_OBSTACLES} more` : '';
  return `${named.join('; ')}${more}`;
}

/**
 * One tool's parameters when strict mode is asked for: rewritten for strict mode when it
 * can say everything the schema says, or else the schema as it came, sent without strict
 * mode, with a warning that names what strict mode could not say. Held to a copy with
 * those rules removed, the model could write arguments the server refuses (a tuple out
 * of order, a map closed to `{}`); without strict mode it still reads every rule.
 */
export function prepareStrictParameters({
  schema,
  toolName,
  inputPath,
  outputPath,
}: {
  schema: Schema;
  toolName: string;
  inputPath: string;
  outputPath: string;
}): {
  strict: boolean;
  parameters: Schema;
  warnings: Warning[];
  changes: FieldChange[];
} {
  const obstacles = findStrictObstacles({ schema, path: inputPath });
  if (obstacles.length > 0) {
    const warning: Warning = {
      code: 'strict-not-faithful',
      message: `Strict mode cannot express ${describeObstacles(obstacles)}: "${toolName}" is sent without strict mode and its schema as it came, so the model reads every rule but is not held to them. Held to a copy without those rules, it could write arguments the server refuses.`,
      path: `tools${obstacles[0]!.path}`,
    };
    return { strict: false, parameters: schema, warnings: [warning], changes: [] };
  }
  const converted = convertToOpenAiStrictSchema({ schema, inputPath, outputPath });
  return { strict: true, parameters: converted.result, warnings: converted.warnings, changes: converted.changes };
}
