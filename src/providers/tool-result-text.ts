import { TOOL_ERROR_MARKER } from '../trace/index.ts';
import type { Warning } from '../trace/index.ts';
import type { McpToolResult } from './types.ts';

type McpContentBlock = McpToolResult['content'][number];

/**
 * What a block loses in any provider's tool message whatever its type: its annotations
 * (audience, priority, lastModified), which no provider has a field for.
 */
export function reportDroppedBlockFields({ block, provider, path }: { block: McpContentBlock; provider: string; path: string }): Warning[] {
  if (block.annotations === undefined) return [];
  return [
    {
      code: 'content-annotations-dropped',
      message: `${provider} has no field for content annotations: the audience and priority hints are not sent.`,
      path: `${path}.annotations`,
    },
  ];
}

/**
 * Turns an MCP tool result into the plain text that text-only tool messages carry.
 * Everything that does not survive as text (images, audio, the isError flag) is
 * stated in the text and reported as a warning, never dropped silently.
 */
export function convertToolResultToText({ result, provider }: { result: McpToolResult; provider: string }): {
  result: string;
  warnings: Warning[];
} {
  const warnings: Warning[] = [];
  const parts: string[] = [];
  result.content.forEach((block, index) => {
    const path = `content[${index}]`;
    warnings.push(...reportDroppedBlockFields({ block, provider, path }));
    switch (block.type) {
      case 'text':
        parts.push(block.text);
        break;
      case 'image':
      case 'audio': {
        const bytes = Math.floor((block.data.length * 3) / 4);
        parts.push(`[${block.type} omitted: ${block.mimeType}, about ${bytes} bytes]`);
        warnings.push({
          code: `${block.type}-not-carried`,
          message: `${provider} tool results carry text only: the ${block.type} (${block.mimeType}) is replaced by a note the model can read.`,
          path,
        });
        break;
      }
      case 'resource_link':
        parts.push(`[resource link: ${block.name} <${block.uri}>]`);
        warnings.push({ code: 'resource-link-as-text', message: `The resource link ${block.uri} is passed as text; the model cannot open it.`, path });
        break;
      case 'resource': {
        const resource = block.resource;
        if ('text' in resource && typeof resource.text === 'string') {
          parts.push(resource.text);
          // The model reads the text with nothing to say where it came from.
          warnings.push({
            code: 'resource-uri-dropped',
            message: `The text of the embedded resource ${resource.uri} is sent; its uri and MIME type are not.`,
            path,
          });
        } else {
          parts.push(`[binary resource omitted: ${resource.uri}]`);
          warnings.push({ code: 'blob-not-carried', message: `The binary resource ${resource.uri} cannot be sent as text; a note replaces it.`, path });
        }
        break;
      }
      default: {
        const unknownBlock: never = block;
        parts.push(JSON.stringify(unknownBlock));
        warnings.push({ code: 'unknown-content', message: 'A content block of an unknown type is passed as its JSON.', path });
      }
    }
  });
  if (result.structuredContent !== undefined && parts.length === 0) {
    parts.push(JSON.stringify(result.structuredContent));
    warnings.push({
      code: 'structured-content-as-text',
      message: `${provider} has no field for structuredContent: it is sent as JSON text.`,
      path: 'structuredContent',
    });
  } else if (result.structuredContent !== undefined) {
    warnings.push({
      code: 'structured-content-dropped',
      message: `${provider} has no field for structuredContent; the text content, which should say the same, is sent instead.`,
      path: 'structuredContent',
    });
  }
  let text = parts.join('\n');
  if (result.isError) {
    text = `${TOOL_ERROR_MARKER}${text}`;
    warnings.push({
      code: 'is-error-in-text',
      message: `${provider} tool results have no error flag: isError is stated as "${TOOL_ERROR_MARKER.trim()}" at the start of the text.`,
      path: 'isError',
    });
  }
  return { result: text, warnings };
}
