import { TOOL_ERROR_MARKER } from '../../trace/index.ts';
import type { FieldChange, Warning } from '../../trace/index.ts';
import { convertOutcomeToText } from '../tool-outcome-text.ts';
import { convertToolResultToText, reportDroppedBlockFields } from '../tool-result-text.ts';
import type { McpToolResult, ToolRoundResult, Translated } from '../types.ts';

/** The parts a function output can hold (the SDK's ResponseFunctionCallOutputItem, minus files). */
export type OpenAiResponsesOutputPart = { type: 'input_text'; text: string } | { type: 'input_image'; image_url: string };

/** An input item `{ type: "function_call_output", call_id, output }` (the SDK's ResponseInputItem.FunctionCallOutput). */
export type OpenAiResponsesFunctionCallOutput = {
  type: 'function_call_output';
  call_id: string;
  output: string | OpenAiResponsesOutputPart[];
};

const PROVIDER = 'OpenAI Responses';

/** The image types OpenAI accepts as image input (its vision guide): no SVG, no BMP. */
const OPENAI_IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

type McpContentBlock = McpToolResult['content'][number];

function isCarriedImage(block: McpContentBlock): block is Extract<McpContentBlock, { type: 'image' }> {
  return block.type === 'image' && OPENAI_IMAGE_TYPES.has(block.mimeType);
}

type Converted = { output: string | OpenAiResponsesOutputPart[]; warnings: Warning[]; changes: FieldChange[] };

/** Corrects the text helper's "text only" wording: a Responses function output also carries images, just not audio. */
function sayWhatOutputsCarry(warning: Warning): Warning {
  if (warning.code === 'image-not-carried') {
    return {
      ...warning,
      code: 'image-type-not-carried',
      message: warning.message.replace('tool results carry text only', 'function outputs carry PNG, JPEG, GIF and WebP images only'),
    };
  }
  if (warning.code !== 'audio-not-carried') return warning;
  return { ...warning, message: warning.message.replace('tool results carry text only', 'function outputs carry text and images, not audio') };
}

/** Places the text helper's warnings for one block under its result and block. */
function placeWarnings(warnings: Warning[], index: number, blockIndex: number): Warning[] {
  return warnings.map((warning) =>
    sayWhatOutputsCarry({ ...warning, path: `[${index}].${(warning.path ?? '').replace(/^content\[0\]/, `content[${blockIndex}]`)}` }),
  );
}

/** With images: a list of parts, in the order of the content blocks, each image as a data URL. */
function convertToParts(result: McpToolResult, index: number): Converted {
  const parts: OpenAiResponsesOutputPart[] = [];
  const warnings: Warning[] = [];
  const changes: FieldChange[] = [];
  let carriesContentText = false;
  if (result.isError) {
    parts.push({ type: 'input_text', text: `${TOOL_ERROR_MARKER}the tool reported an error; its output follows.` });
    warnings.push({
      code: 'is-error-in-text',
      message: `${PROVIDER} function outputs have no error flag: isError is stated in a first text part.`,
      path: `[${index}].isError`,
    });
    changes.push({ kind: 'retyped', from: `[${index}].isError`, to: `[${index}].output[0]`, note: 'the error flag becomes a sentence' });
  } else if (result.isError !== undefined) {
    changes.push({ kind: 'dropped', from: `[${index}].isError`, note: 'false needs no saying' });
  }
  result.content.forEach((block, blockIndex) => {
    const to = `[${index}].output[${parts.length}]`;
    if (isCarriedImage(block)) {
      warnings.push(...reportDroppedBlockFields({ block, provider: PROVIDER, path: `[${index}].content[${blockIndex}]` }));
      parts.push({ type: 'input_image', image_url: `data:${block.mimeType};base64,${block.data}` });
      changes.push({ kind: 'retyped', from: `[${index}].content[${blockIndex}]`, to, note: 'the image becomes an input_image with a data URL' });
      return;
    }
    const text = convertToolResultToText({ result: { content: [block] }, provider: PROVIDER });
    parts.push({ type: 'input_text', text: text.result });
    carriesContentText = true;
    warnings.push(...placeWarnings(text.warnings, index, blockIndex));
    changes.push({ kind: 'retyped', from: `[${index}].content[${blockIndex}]`, to, note: 'the block becomes an input_text part' });
  });
  if (result.structuredContent !== undefined) {
    if (carriesContentText) {
      warnings.push({
        code: 'structured-content-dropped',
        message: `${PROVIDER} has no field for structuredContent; the text content, which should say the same, is sent instead.`,
        path: `[${index}].structuredContent`,
      });
      changes.push({ kind: 'dropped', from: `[${index}].structuredContent`, note: 'no field for structured content; the text says the same' });
    } else {
      changes.push({
        kind: 'retyped',
        from: `[${index}].structuredContent`,
        to: `[${index}].output[${parts.length}]`,
        note: 'no text came with it, so it is sent as JSON text',
      });
      parts.push({ type: 'input_text', text: JSON.stringify(result.structuredContent) });
      warnings.push({
        code: 'structured-content-as-text',
        message: `${PROVIDER} has no field for structuredContent: it is sent as JSON text.`,
        path: `[${index}].structuredContent`,
      });
    }
  }
  return { output: parts, warnings, changes };
}

/**
 * Translation #3 for the Responses API: one `{ type: "function_call_output", call_id, output }`
 * input item per call, answering it by its call_id. The output is a string, or, when the
 * result holds images, a list of input_text and input_image parts, which this API can carry.
 */
export function convertToOpenAiResponsesToolOutputs({ results }: { results: ToolRoundResult[] }): Translated<OpenAiResponsesFunctionCallOutput[]> {
  const warnings: Warning[] = [];
  const changes: FieldChange[] = [];
  const items = results.map(({ call, outcome }, index): OpenAiResponsesFunctionCallOutput => {
    const callId = call.id ?? `call_${index}`;
    changes.push(
      { kind: 'added', to: `[${index}].type`, note: 'a function_call_output input item' },
      { kind: 'added', to: `[${index}].call_id`, note: `answers the model's call ${callId}` },
    );
    if (outcome.type === 'result' && outcome.result.content.some(isCarriedImage)) {
      const converted = convertToParts(outcome.result, index);
      warnings.push(...converted.warnings);
      changes.push(...converted.changes);
      return { type: 'function_call_output', call_id: callId, output: converted.output };
    }
    // Text only: one string, as Chat Completions would send it.
    const text = convertOutcomeToText({ call, outcome, provider: PROVIDER, index, to: `[${index}].output` });
    warnings.push(...text.warnings.map(sayWhatOutputsCarry));
    changes.push(...text.changes);
    return { type: 'function_call_output', call_id: callId, output: text.result };
  });
  return { result: items, warnings, changes };
}
