import { NO_RESULT_MARKER } from '../trace/index.ts';
import type { FieldChange, Warning } from '../trace/index.ts';
import { convertToolResultToText } from './tool-result-text.ts';
import type { McpToolResult, ToolRoundResult, Translated } from './types.ts';

/** What each block that is not plain text becomes in the one string (text blocks go as they are). */
function describeBlocksAsText({ result, at, to }: { result: McpToolResult; at: string; to: string }): FieldChange[] {
  const changes: FieldChange[] = [];
  result.content.forEach((block, index) => {
    const from = `${at}.content[${index}]`;
    switch (block.type) {
      case 'text':
        return;
      case 'image':
      case 'audio':
        changes.push({
          kind: 'dropped',
          from: `${from}.data`,
          note: `the ${block.type}'s bytes do not reach the model: a note with its type and size stands in for them`,
        });
        return;
      case 'resource_link':
        changes.push({ kind: 'retyped', from, to, note: 'the link as text, its name and uri; the model cannot open it' });
        return;
      case 'resource':
        changes.push(
          'text' in block.resource
            ? { kind: 'retyped', from: `${from}.resource.text`, to, note: `the text of ${block.resource.uri}, without its uri` }
            : { kind: 'dropped', from: `${from}.resource.blob`, note: 'binary data does not go as text: a note stands in for it' },
        );
        return;
      default: {
        const unknownBlock: never = block;
        changes.push({ kind: 'retyped', from, to, note: `an unknown block as its JSON: ${JSON.stringify(unknownBlock).slice(0, 80)}` });
      }
    }
  });
  return changes;
}

/**
 * Translation #3 of one call for the formats whose tool messages carry text only (Chat
 * Completions, legacy functions, Ollama, a Responses output without images): the MCP
 * result, or the host's error when no tool ran, as one string, with its warnings and
 * changes placed under result `index`. `to` is the field that carries the string.
 */
export function convertOutcomeToText({
  call,
  outcome,
  provider,
  index,
  to,
}: ToolRoundResult & { provider: string; index: number; to: string }): Translated<string> {
  const at = `[${index}]`;
  if (outcome.type === 'host-error') {
    return {
      result: `${NO_RESULT_MARKER}${outcome.message}`,
      warnings: [{ code: 'host-error-returned', message: `No tool result came for ${call.name}: the host's error goes back to the model instead.`, path: at }],
      changes: [{ kind: 'retyped', from: `${at}.hostError`, to, note: "the host's error, as text" }],
    };
  }
  const { result } = outcome;
  const text = convertToolResultToText({ result, provider });
  const changes: FieldChange[] = [{ kind: 'retyped', from: `${at}.content`, to, note: 'content blocks become one string' }];
  if (result.isError !== undefined) changes.push({ kind: 'dropped', from: `${at}.isError`, note: 'no error flag here: stated in the text' });
  if (result.structuredContent !== undefined) {
    // The text conversion decides whether structured content is the text or is left out; the change says the same.
    changes.push(
      text.warnings.some((warning) => warning.code === 'structured-content-as-text')
        ? { kind: 'retyped', from: `${at}.structuredContent`, to, note: 'no text came with it, so it is sent as JSON text' }
        : { kind: 'dropped', from: `${at}.structuredContent`, note: 'no field for structured content; the text says the same' },
    );
  }
  changes.push(...describeBlocksAsText({ result, at, to }));
  const warnings: Warning[] = text.warnings.map((warning) => ({ ...warning, path: `${at}.${warning.path ?? ''}` }));
  return { result: text.result, warnings, changes };
}
