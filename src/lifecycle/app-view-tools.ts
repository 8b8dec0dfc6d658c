import type { ClientCapabilities } from '@modelcontextprotocol/client';
import type { McpTool } from '../providers/index.ts';
import type { Warning } from '../trace/index.ts';
import { APP_VIEW_MIME_TYPE, APPS_EXTENSION_ID } from '../trace/index.ts';
import { readToolView, readToolVisibility } from './app-view-meta.ts';

/**
 * What MCP Apps changes before the model is asked: a host that can show views says so in
 * its capabilities (the extension, SEP-1724), and the model is told only the tools it may
 * call (visibility), never their views.
 */

/** The UI extension in the client's capabilities, for a host with a screen; a host without one (the CLI) declares nothing. */
export function describeAppsCapability(canShowViews: boolean): Pick<ClientCapabilities, 'extensions'> {
  return canShowViews ? { extensions: { [APPS_EXTENSION_ID]: { mimeTypes: [APP_VIEW_MIME_TYPE] } } } : {};
}

/**
 * The tools the model is offered: those whose visibility includes the model (the extension's
 * host MUST). Each tool left out, and each tool that has a view, is a warning of translation #1.
 */
export function keepModelTools(tools: readonly McpTool[]): { tools: McpTool[]; warnings: Warning[] } {
  const kept: McpTool[] = [];
  const warnings: Warning[] = [];
  tools.forEach((tool, index) => {
    if (!readToolVisibility(tool).includes('model')) {
      warnings.push({
        code: 'view-only-tool',
        message: `"${tool.name}" is for its view only (_meta.ui.visibility has no "model"): the host leaves it out of the model's tools.`,
        path: `tools[${index}]._meta.ui.visibility`,
      });
      return;
    }
    const view = readToolView(tool);
    if (view)
      warnings.push({
        code: 'view-stays-with-host',
        message: `"${tool.name}" has a view (${view.resourceUri}): the model is told the tool, not its view, which the host renders when the tool is called.`,
        path: `tools[${kept.length}]._meta.ui`,
      });
    kept.push(tool);
  });
  return { tools: kept, warnings };
}
