import { isCallToolResult, isSpecType, type ContentBlock } from '@modelcontextprotocol/client';
import { buildMediaSource, readBase64, type MediaSource } from './base64-media.ts';
import { findToolResult } from './find-tool-result.ts';

/** One block of a tool result as the inspector shows it: what it is, never HTML. */
export type ContentView =
  | { kind: 'text'; path: string; text: string }
  | ({ kind: 'image' | 'audio'; path: string; mimeType: string } & MediaSource)
  | { kind: 'resource-link'; path: string; uri: string; name: string; title?: string; description?: string; mimeType?: string; size?: number }
  | { kind: 'resource-text'; path: string; uri: string; mimeType?: string; text: string }
  | { kind: 'resource-blob'; path: string; uri: string; mimeType?: string; bytes: number | null }
  | { kind: 'structured'; path: string; json: string }
  | { kind: 'invalid'; path: string; reason: string };

/** Where a step's payload holds a tool result: itself (the result handed to the host) or a JSON-RPC response's `result`. */

function viewBlock(block: ContentBlock, path: string): ContentView {
  switch (block.type) {
    case 'text':
      return { kind: 'text', path, text: block.text };
    case 'image':
    case 'audio':
      return { kind: block.type, path, mimeType: block.mimeType, ...buildMediaSource({ data: block.data, mimeType: block.mimeType, medium: block.type }) };
    case 'resource_link':
      return {
        kind: 'resource-link',
        path,
        uri: block.uri,
        name: block.name,
        ...(block.title === undefined ? {} : { title: block.title }),
        ...(block.description === undefined ? {} : { description: block.description }),
        ...(block.mimeType === undefined ? {} : { mimeType: block.mimeType }),
        ...(block.size === undefined ? {} : { size: block.size }),
      };
    case 'resource': {
      const { resource } = block;
      const mimeType = resource.mimeType === undefined ? {} : { mimeType: resource.mimeType };
      if ('text' in resource && typeof resource.text === 'string') return { kind: 'resource-text', path, uri: resource.uri, ...mimeType, text: resource.text };
      const blob = 'blob' in resource && typeof resource.blob === 'string' ? readBase64({ data: resource.blob }) : null;
      return { kind: 'resource-blob', path, uri: resource.uri, ...mimeType, bytes: blob?.ok ? blob.bytes : null };
    }
    default: {
      const unknownBlock: never = block;
      return { kind: 'invalid', path, reason: `A content block of an unknown type: ${JSON.stringify(unknownBlock).slice(0, 200)}` };
    }
  }
}

/**
 * The content blocks of the tool result in a step's payload, each as what it is, or `null`
 * when the payload holds no tool result. A result the SDK's schema refuses as a whole is
 * read block by block, so one bad block is named and the others are still shown.
 */
export function classifyToolResultContent({ payload }: { payload: unknown }): ContentView[] | null {
  const found = findToolResult(payload);
  if (found === null) return null;
  const { result, at } = found;
  const views: ContentView[] = [];
  const blocks: unknown[] = isCallToolResult(result)
    ? result.content
    : typeof result === 'object' && result !== null && 'content' in result && Array.isArray(result.content)
      ? result.content
      : [];
  blocks.forEach((block, index) => {
    const path = `${at}content[${index}]`;
    views.push(
      isSpecType.ContentBlock(block)
        ? viewBlock(block, path)
        : {
            kind: 'invalid',
            path,
            reason:
              'This block does not match any MCP content block type (text, image, audio, resource_link, resource), so it is shown only in the JSON below.',
          },
    );
  });
  if (isCallToolResult(result) && result.structuredContent !== undefined) {
    views.push({ kind: 'structured', path: `${at}structuredContent`, json: JSON.stringify(result.structuredContent, null, 2) });
  }
  return views;
}
