/** Who wrote an export file (HAR creator, OpenTelemetry scope): the explorer, at the version its MCP client announces. */
export const EXPORT_CREATOR = { name: 'mcp-lifecycle-explorer', version: '0.1.0' } as const;
