import { NO_RESULT_MARKER } from '../../trace/index.ts';
import type { FieldChange, Warning } from '../../trace/index.ts';
import type { McpToolResult, ToolRoundResult, Translated } from '../types.ts';

/** The image types Anthropic accepts in a base64 image source. */
export const ANTHROPIC_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
export type AnthropicImageType = (typeof ANTHROPIC_IMAGE_TYPES)[number];

export type AnthropicToolResultContent =
  | { type: 'text'; text: string }
  | { type: 'image'; source: { type: 'base64'; media_type: AnthropicImageType; data: string } }
  | { type: 'document'; source: { type: 'base64'; media_type: 'application/pdf'; data: string }; title?: string };

export type AnthropicToolResultBlock = {
  type: 'tool_result';
  tool_use_id: string;
  content?: AnthropicToolResultContent[];
  is_error?: boolean;
};

/** The one user message that answers every tool_use of the assistant turn. */
export type AnthropicToolResultMessage = { role: 'user'; content: AnthropicToolResultBlock[] };

type McpContentBlock = McpToolResult['content'][number];

function isAnthropicImageType(mimeType: string | undefined): mimeType is AnthropicImageType {
  return ANTHROPIC_IMAGE_TYPES.some((type) => type === mimeType);
}

function describeSize(data: string): string {
  return `about ${Math.floor((data.length * 3) / 4)} bytes`;
}

type ConvertedBlock = { block: AnthropicToolResultContent | null; warnings: Warning[]; changes: FieldChange[] };

type BlockNote = (text: string, code: string, message: string) => ConvertedBlock;

/** An embedded resource: its text as a text block, a PDF as a document, an image as an image; any other data becomes a note. */
function convertEmbeddedResource({
  resource,
  from,
  to,
  warnings,
  changes,
  note,
}: {
  resource: Extract<McpContentBlock, { type: 'resource' }>['resource'];
  from: string;
  to: string;
  warnings: Warning[];
  changes: FieldChange[];
  note: BlockNote;
}): ConvertedBlock {
  if ('text' in resource && typeof resource.text === 'string') {
    changes.push({ kind: 'retyped', from: `${from}.resource.text`, to: `${to}.text`, note: `the text of ${resource.uri} becomes a text block` });
    warnings.push({
      code: 'resource-uri-dropped',
      message: `The text of the embedded resource ${resource.uri} is sent as a text block; its uri and MIME type are not.`,
      path: from,
    });
    return { block: { type: 'text', text: resource.text }, warnings, changes };
  }
  const blob = 'blob' in resource && typeof resource.blob === 'string' ? resource.blob : '';
  if (resource.mimeType === 'application/pdf') {
    changes.push({ kind: 'retyped', from: `${from}.resource`, to: `${to}.source`, note: 'a PDF resource becomes a document block' });
    return { block: { type: 'document', source: { type: 'base64', media_type: 'application/pdf', data: blob }, title: resource.uri }, warnings, changes };
  }
  if (isAnthropicImageType(resource.mimeType)) {
    changes.push({ kind: 'retyped', from: `${from}.resource`, to: `${to}.source`, note: 'an image resource becomes an image block' });
    return { block: { type: 'image', source: { type: 'base64', media_type: resource.mimeType, data: blob } }, warnings, changes };
  }
  return note(
    `[binary resource omitted: ${resource.uri}]`,
    'blob-not-carried',
    `Anthropic tool results carry images and PDFs, not ${resource.mimeType ?? 'untyped'} data: the resource ${resource.uri} is replaced by a note.`,
  );
}

/**
 * One MCP content block as a block of Anthropic tool_result content: text stays text,
 * images (and PDF resources) are carried as they are, and what Anthropic cannot carry
 * becomes a note the model can read, with a warning.
 */
function convertContentBlock({ block, from, to }: { block: McpContentBlock; from: string; to: string }): ConvertedBlock {
  const warnings: Warning[] = [];
  const changes: FieldChange[] = [];
  if (block.annotations !== undefined) {
    changes.push({ kind: 'dropped', from: `${from}.annotations`, note: 'content annotations (audience, priority) have no place here' });
    warnings.push({
      code: 'content-annotations-dropped',
      message: 'Anthropic content blocks have no annotations: the audience and priority hints are not sent.',
      path: `${from}.annotations`,
    });
  }
  const note: BlockNote = (text, code, message) => {
    warnings.push({ code, message, path: from });
    changes.push({ kind: 'retyped', from, to: `${to}.text`, note: 'replaced by a text note the model can read' });
    return { block: { type: 'text', text }, warnings, changes };
  };
  switch (block.type) {
    case 'text':
      if (block.text.trim() === '') {
        warnings.push({ code: 'empty-text-dropped', message: 'Anthropic refuses text blocks without visible text: this blank one is left out.', path: from });
        changes.push({ kind: 'dropped', from, note: 'a blank text block' });
        return { block: null, warnings, changes };
      }
      changes.push({ kind: 'moved', from, to, note: 'a text block, as it is' });
      return { block: { type: 'text', text: block.text }, warnings, changes };
    case 'image':
      if (!isAnthropicImageType(block.mimeType)) {
        return note(
          `[image omitted: ${block.mimeType}, ${describeSize(block.data)}]`,
          'image-type-not-carried',
          `Anthropic takes JPEG, PNG, GIF and WebP images only: the ${block.mimeType} image is replaced by a note the model can read.`,
        );
      }
      changes.push(
        { kind: 'added', to: `${to}.source.type`, note: 'the image is sent inline, as base64' },
        { kind: 'renamed', from: `${from}.mimeType`, to: `${to}.source.media_type`, note: 'mimeType is called media_type, inside source' },
        { kind: 'moved', from: `${from}.data`, to: `${to}.source.data`, note: 'the base64 data moves into source' },
      );
      return { block: { type: 'image', source: { type: 'base64', media_type: block.mimeType, data: block.data } }, warnings, changes };
    case 'audio':
      return note(
        `[audio omitted: ${block.mimeType}, ${describeSize(block.data)}]`,
        'audio-not-carried',
        `Anthropic tool results carry no audio: the ${block.mimeType} clip is replaced by a note the model can read.`,
      );
    case 'resource_link':
      return note(
        `[resource link: ${block.name} <${block.uri}>]`,
        'resource-link-as-text',
        `The resource link ${block.uri} is passed as text; the model cannot open it.`,
      );
    case 'resource':
      return convertEmbeddedResource({ resource: block.resource, from, to, warnings, changes, note });
    default: {
      const unknownBlock: never = block;
      return note(JSON.stringify(unknownBlock), 'unknown-content', 'A content block of an unknown type is passed as its JSON.');
    }
  }
}

/** One MCP result as a tool_result block: content blocks one by one, isError as is_error. */
function convertResult({ result, index, toolUseId }: { result: McpToolResult; index: number; toolUseId: string }): Translated<AnthropicToolResultBlock> {
  const warnings: Warning[] = [];
  const changes: FieldChange[] = [];
  const content: AnthropicToolResultContent[] = [];
  result.content.forEach((block, blockIndex) => {
    const converted = convertContentBlock({ block, from: `[${index}].content[${blockIndex}]`, to: `[0].content[${index}].content[${content.length}]` });
    warnings.push(...converted.warnings);
    changes.push(...converted.changes);
    if (converted.block) content.push(converted.block);
  });
  if (result.structuredContent !== undefined && content.length === 0) {
    content.push({ type: 'text', text: JSON.stringify(result.structuredContent) });
    warnings.push({
      code: 'structured-content-as-text',
      message: 'Anthropic tool results have no field for structuredContent: it is sent as JSON text.',
      path: `[${index}].structuredContent`,
    });
    changes.push({
      kind: 'retyped',
      from: `[${index}].structuredContent`,
      to: `[0].content[${index}].content[0].text`,
      note: 'structured content sent as JSON text',
    });
  } else if (result.structuredContent !== undefined) {
    warnings.push({
      code: 'structured-content-dropped',
      message: 'Anthropic tool results have no field for structuredContent; the text content, which should say the same, is sent instead.',
      path: `[${index}].structuredContent`,
    });
    changes.push({ kind: 'dropped', from: `[${index}].structuredContent`, note: 'no field for structured content' });
  }
  if (result.isError !== undefined) {
    changes.push({
      kind: 'renamed',
      from: `[${index}].isError`,
      to: `[0].content[${index}].is_error`,
      note: 'the error flag keeps its meaning under another name',
    });
  }
  if (content.length === 0) {
    changes.push({ kind: 'dropped', from: `[${index}].content`, note: 'nothing to carry: the tool_result is sent without content' });
  }
  return {
    result: {
      type: 'tool_result',
      tool_use_id: toolUseId,
      ...(content.length > 0 ? { content } : {}),
      ...(result.isError !== undefined ? { is_error: result.isError } : {}),
    },
    warnings,
    changes,
  };
}

/**
 * Translation #3 for Anthropic Messages: one user message whose content is a
 * `tool_result` block per call, in the order of the calls, answering each by its
 * tool_use id. Images travel as image blocks; an MCP error keeps its flag (is_error).
 */
export function convertToAnthropicToolResults({ results }: { results: ToolRoundResult[] }): Translated<AnthropicToolResultMessage[]> {
  if (results.length === 0) return { result: [], warnings: [], changes: [] };
  const warnings: Warning[] = [];
  const changes: FieldChange[] = [{ kind: 'added', to: '[0].role', note: 'one user message carries every result of the turn' }];
  const blocks = results.map(({ call, outcome }, index): AnthropicToolResultBlock => {
    const toolUseId = call.id ?? `toolu_${index}`;
    changes.push(
      { kind: 'added', to: `[0].content[${index}].type`, note: 'a tool_result block' },
      { kind: 'added', to: `[0].content[${index}].tool_use_id`, note: `answers the model's tool_use ${toolUseId}` },
    );
    if (outcome.type === 'host-error') {
      changes.push(
        { kind: 'retyped', from: `[${index}].hostError`, to: `[0].content[${index}].content[0].text`, note: "the host's error, as text" },
        { kind: 'added', to: `[0].content[${index}].is_error`, note: 'flagged as an error' },
      );
      warnings.push({
        code: 'host-error-returned',
        message: `No tool result came for ${call.name}: the host's error goes back to the model instead, flagged is_error.`,
        path: `[${index}]`,
      });
      return {
        type: 'tool_result',
        tool_use_id: toolUseId,
        content: [{ type: 'text', text: `${NO_RESULT_MARKER}${outcome.message.trim() || `The host could not call ${call.name}.`}` }],
        is_error: true,
      };
    }
    const converted = convertResult({ result: outcome.result, index, toolUseId });
    warnings.push(...converted.warnings);
    changes.push(...converted.changes);
    return converted.result;
  });
  return { result: [{ role: 'user', content: blocks }], warnings, changes };
}
