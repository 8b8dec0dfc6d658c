import type { ReadResourceResult } from '@modelcontextprotocol/client';
import { z } from 'zod';
import type { McpTool } from '../providers/index.ts';
import { screenDeclaredCsp, type ScreenedCsp, APP_VIEW_MIME_TYPE, APP_VIEW_SCHEME, LEGACY_RESOURCE_URI_KEY } from '../trace/index.ts';

/**
 * What a server says of a tool's view, read with schemas: the tool's `_meta.ui` (the view's
 * URI and who may call the tool) and the view's resource (its HTML, policy and permissions).
 * Everything here is the server's, so anything that does not fit is no view, never a guess.
 */

export const TOOL_CALLERS = ['model', 'app'] as const;
export type ToolCaller = (typeof TOOL_CALLERS)[number];

const ToolUiMetaSchema = z.looseObject({
  ui: z.looseObject({ resourceUri: z.string().optional(), visibility: z.array(z.string()).optional() }).optional(),
  [LEGACY_RESOURCE_URI_KEY]: z.string().optional(),
});

export type ToolView = { resourceUri: string; visibility: ToolCaller[] };

/** Who may call the tool: `_meta.ui.visibility` as given, both when it says nothing (the extension's default). */
export function readToolVisibility(tool: McpTool | undefined): ToolCaller[] {
  const parsed = ToolUiMetaSchema.safeParse(tool?._meta ?? {});
  const visibility = parsed.success ? parsed.data.ui?.visibility : undefined;
  if (!visibility) return [...TOOL_CALLERS];
  return TOOL_CALLERS.filter((caller) => visibility.includes(caller));
}

/** The view a tool names (`_meta.ui.resourceUri`, else the older flat key), when it is a ui:// URI. */
export function readToolView(tool: McpTool | undefined): ToolView | undefined {
  const parsed = ToolUiMetaSchema.safeParse(tool?._meta ?? {});
  if (!parsed.success) return undefined;
  const uri = parsed.data.ui?.resourceUri ?? parsed.data[LEGACY_RESOURCE_URI_KEY];
  if (typeof uri !== 'string' || !isViewUri(uri)) return undefined;
  return { resourceUri: uri, visibility: readToolVisibility(tool) };
}

function isViewUri(uri: string): boolean {
  try {
    return new URL(uri).protocol === APP_VIEW_SCHEME;
  } catch {
    return false;
  }
}

const DomainListSchema = z.array(z.unknown());
const ViewResourceMetaSchema = z.looseObject({
  ui: z
    .looseObject({
      csp: z
        .looseObject({
          connectDomains: DomainListSchema.optional(),
          resourceDomains: DomainListSchema.optional(),
          frameDomains: DomainListSchema.optional(),
          baseUriDomains: DomainListSchema.optional(),
        })
        .optional(),
      permissions: z.record(z.string(), z.unknown()).optional(),
      domain: z.string().optional(),
      prefersBorder: z.boolean().optional(),
    })
    .optional(),
});

/** A view's resource as the host renders it: its HTML, and what it declared, checked. */
export type ViewResource = {
  uri: string;
  html: string;
  /** The declared policy lists as the host takes them, and the entries it refused with why. */
  csp: ScreenedCsp;
  /** Device permissions asked for, by name. */
  permissions: Record<string, unknown>;
  /** A dedicated origin the server asked for (`_meta.ui.domain`), which this host does not give. */
  domain?: string;
  prefersBorder?: boolean;
};

export type ViewResourceReading = { ok: true; resource: ViewResource } | { ok: false; reason: string };

/** The view's HTML as text: a text content, or a base64 blob decoded as UTF-8. */
function readHtml(content: ReadResourceResult['contents'][number]): string | undefined {
  if ('text' in content && typeof content.text === 'string') return content.text;
  if ('blob' in content && typeof content.blob === 'string') {
    try {
      const bytes = Uint8Array.from(atob(content.blob), (character) => character.charCodeAt(0));
      return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/**
 * The one content of the view's resources/read answer, as the extension requires it: the
 * URI asked for, text/html;profile=mcp-app, HTML as text or blob. Its `_meta.ui` is read on
 * the content, where the extension puts it, else on the result as some servers do.
 */
export function readViewResource(uri: string, result: ReadResourceResult): ViewResourceReading {
  const content = result.contents.find((candidate) => candidate.uri === uri) ?? (result.contents.length === 1 ? result.contents[0] : undefined);
  if (!content) return { ok: false, reason: `the answer has ${result.contents.length} contents and none for ${uri}` };
  if (content.mimeType !== APP_VIEW_MIME_TYPE)
    return {
      ok: false,
      reason: `its type is ${content.mimeType === undefined ? 'not given' : `“${content.mimeType.slice(0, 80)}”`}, not ${APP_VIEW_MIME_TYPE}`,
    };
  const html = readHtml(content);
  if (html === undefined) return { ok: false, reason: 'it has neither text nor a blob that is UTF-8 text' };
  const metaSource = content._meta ?? result._meta ?? {};
  const meta = ViewResourceMetaSchema.safeParse(metaSource);
  const ui = meta.success ? meta.data.ui : undefined;
  return {
    ok: true,
    resource: {
      uri,
      html,
      csp: screenDeclaredCsp(ui?.csp),
      permissions: ui?.permissions ?? {},
      ...(ui?.domain === undefined ? {} : { domain: ui.domain }),
      ...(ui?.prefersBorder === undefined ? {} : { prefersBorder: ui.prefersBorder }),
    },
  };
}
