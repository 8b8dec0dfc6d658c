import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { McpServer, createMcpHandler } from '@modelcontextprotocol/server';

/**
 * A small MCP server, written with the official SDK, whose one tool returns about 1 MB of
 * text: the bench's large tool result is a real one, sent over HTTP like any other.
 */

export const REPORT_TOOL = 'fetch_report';
export const REPORT_QUESTION = 'Fetch the report';

/** About `bytes` of readable text: numbered lines, so the end of the view can be recognised. */
export function writeReport(bytes: number): string {
  const lines: string[] = [];
  let length = 0;
  for (let number = 1; length < bytes; number++) {
    const line = `Line ${String(number).padStart(6, '0')}: quarterly figures, region ${number % 17}, units ${(number * 7919) % 10_000}, status nominal.`;
    lines.push(line);
    length += line.length + 1;
  }
  return lines.join('\n');
}

export type ReportServer = { mcpUrl: string; reportLength: number; close: () => Promise<void> };

export async function startReportServer(bytes = 1024 * 1024): Promise<ReportServer> {
  const report = writeReport(bytes);
  const handler = createMcpHandler(() => {
    const server = new McpServer({ name: 'bench-report-server', version: '0.1.0' });
    server.registerTool(REPORT_TOOL, { description: 'Returns the full report' }, async () => ({ content: [{ type: 'text', text: report }] }));
    return server;
  });
  const httpServer = createServer(toNodeHandler(handler));
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  return {
    mcpUrl: `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}/mcp`,
    reportLength: report.length,
    close: async () => {
      httpServer.closeAllConnections();
      await new Promise<void>((resolve) => httpServer.close(() => resolve()));
      await handler.close();
    },
  };
}
