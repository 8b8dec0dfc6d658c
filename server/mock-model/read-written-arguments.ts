/**
 * Arguments a question writes out as a JSON object ("Call test_custom_headers with
 * {"region": "us-west1", …}"), as a person pastes them: a model takes them as written.
 */

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The first JSON object written in the question, by its balanced braces (strings and escapes respected), or undefined. */
function findJsonObject(question: string): Record<string, unknown> | undefined {
  const start = question.indexOf('{');
  if (start < 0) return undefined;
  let depth = 0;
  let inString = false;
  for (let index = start; index < question.length; index += 1) {
    const character = question[index];
    if (inString) {
      if (character === '\\') index += 1;
      else if (character === '"') inString = false;
    } else if (character === '"') inString = true;
    else if (character === '{') depth += 1;
    else if (character === '}' && --depth === 0) {
      try {
        const parsed: unknown = JSON.parse(question.slice(start, index + 1));
        return isPlainObject(parsed) ? parsed : undefined;
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** Arguments the question writes out as JSON, when every key is one of the tool's properties: taken as written. */
export function readWrittenArguments(question: string, properties: string[]): Record<string, unknown> | undefined {
  const written = findJsonObject(question);
  if (!written || Object.keys(written).length === 0) return undefined;
  return Object.keys(written).every((key) => properties.includes(key)) ? written : undefined;
}
