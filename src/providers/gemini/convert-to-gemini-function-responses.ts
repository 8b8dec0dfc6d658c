import { NO_RESULT_MARKER } from '../../trace/index.ts';
import type { FieldChange, Warning } from '../../trace/index.ts';
import { convertToolResultToText, reportDroppedBlockFields } from '../tool-result-text.ts';
import type { McpToolResult, ToolRoundResult, Translated } from '../types.ts';
import type { GeminiFunctionResponseContent, GeminiFunctionResponsePart, GeminiInlineDataPart } from './gemini-content.ts';

/** The image types Gemini documents for media inside a function response. */
const GEMINI_RESPONSE_IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp']);

/** The text helper speaks of formats that carry text only; a function response also carries some images. */
function sayWhatGeminiCarries(warning: Warning): Warning {
  if (warning.code !== 'image-not-carried') return warning;
  return {
    ...warning,
    code: 'image-type-not-carried',
    message: warning.message.replace('tool results carry text only', 'media carries PNG, JPEG and WebP images only'),
  };
}

type Converted = { texts: string[]; media: GeminiInlineDataPart[]; warnings: Warning[]; changes: FieldChange[] };

/** Text blocks become text, images travel as media parts, the rest becomes readable notes. */
function convertBlocks(result: McpToolResult, index: number): Converted {
  const converted: Converted = { texts: [], media: [], warnings: [], changes: [] };
  const partPath = `[0].parts[${index}].functionResponse`;
  result.content.forEach((block, blockIndex) => {
    const path = `[${index}].content[${blockIndex}]`;
    if (block.type === 'text' || block.type === 'image')
      converted.warnings.push(...reportDroppedBlockFields({ block, provider: 'A Gemini function response', path }));
    if (block.type === 'text') {
      converted.texts.push(block.text);
      return;
    }
    if (block.type === 'image' && GEMINI_RESPONSE_IMAGE_TYPES.has(block.mimeType)) {
      converted.changes.push({
        kind: 'moved',
        from: path,
        to: `${partPath}.parts[${converted.media.length}].inlineData`,
        note: 'the image travels as inline data beside the response',
      });
      converted.media.push({ inlineData: { mimeType: block.mimeType, data: block.data } });
      converted.warnings.push({
        code: 'image-in-function-response',
        message: `The image (${block.mimeType}) goes in functionResponse.parts; Google documents this for Gemini 3 models, and older models may not read it.`,
        path,
      });
      return;
    }
    // Audio, other image types, links and embedded resources: the shared text conversion says what was lost.
    const text = convertToolResultToText({ result: { content: [block] }, provider: 'Gemini function response' });
    converted.texts.push(text.result);
    converted.warnings.push(
      ...text.warnings.map((warning) => sayWhatGeminiCarries({ ...warning, path: `${path}${(warning.path ?? '').replace(/^content\[0\]/, '')}` })),
    );
  });
  return converted;
}

/**
 * Translation #3 for Gemini: one user turn whose parts are `{ functionResponse: { id?,
 * name, response } }`, one per call, answering each call by its name (and its id when the
 * model gave one). A failed tool goes in `response.error`, a result in `response.output`;
 * images ride along in `functionResponse.parts`.
 */
export function convertToGeminiFunctionResponses({ results }: { results: ToolRoundResult[] }): Translated<GeminiFunctionResponseContent[]> {
  if (results.length === 0) return { result: [], warnings: [], changes: [] };
  const warnings: Warning[] = [];
  const changes: FieldChange[] = [{ kind: 'added', to: '[0].role', note: 'function responses travel in a "user" turn' }];
  const parts = results.map(({ call, outcome }, index): GeminiFunctionResponsePart => {
    const at = `[0].parts[${index}].functionResponse`;
    changes.push({ kind: 'added', to: `${at}.name`, note: `answers the model's call to ${call.name}` });
    const id = call.id === undefined ? {} : { id: call.id };
    if (call.id !== undefined) changes.push({ kind: 'added', to: `${at}.id`, note: `answers the model's call ${call.id}` });
    if (outcome.type === 'host-error') {
      changes.push({ kind: 'moved', from: `[${index}].hostError`, to: `${at}.response.error`, note: "the host's error, as Gemini's error key" });
      warnings.push({
        code: 'host-error-returned',
        message: `No tool result came for ${call.name}: the host's error goes back to the model instead.`,
        path: `[${index}]`,
      });
      return { functionResponse: { ...id, name: call.name, response: { error: `${NO_RESULT_MARKER}${outcome.message}` } } };
    }
    const { result } = outcome;
    const converted = convertBlocks(result, index);
    warnings.push(...converted.warnings);
    changes.push(...converted.changes);
    const key = result.isError ? 'error' : 'output';
    let value: unknown = converted.texts.join('\n');
    if (converted.texts.length > 0) {
      changes.push({ kind: 'retyped', from: `[${index}].content`, to: `${at}.response.${key}`, note: 'text blocks become one string' });
      if (result.structuredContent !== undefined) {
        changes.push({ kind: 'dropped', from: `[${index}].structuredContent`, note: 'the text content, which should say the same, is sent instead' });
        warnings.push({
          code: 'structured-content-dropped',
          message: 'A function response carries one result: the text content is sent, and structuredContent, which should say the same, is left out.',
          path: `[${index}].structuredContent`,
        });
      }
    } else if (result.structuredContent !== undefined) {
      // Gemini's response is JSON, so structured content can go as it is.
      value = result.structuredContent;
      changes.push({ kind: 'moved', from: `[${index}].structuredContent`, to: `${at}.response.${key}`, note: 'structured content goes as JSON' });
    }
    if (result.isError) {
      changes.push({ kind: 'retyped', from: `[${index}].isError`, to: `${at}.response.error`, note: 'a failed tool answers with "error" instead of "output"' });
    }
    const response = result.isError ? { error: value } : { output: value };
    return { functionResponse: { ...id, name: call.name, response, ...(converted.media.length > 0 ? { parts: converted.media } : {}) } };
  });
  return { result: [{ role: 'user', parts }], warnings, changes };
}
