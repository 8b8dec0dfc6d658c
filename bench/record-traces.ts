import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Trace } from '../src/trace/trace.ts';
import { runEngineLifecycle } from './run-engine-lifecycle.ts';
import { REPORT_QUESTION, REPORT_TOOL, startReportServer } from './start-report-server.ts';

/**
 * Real traces for the page to replay: recorded by the engine against real servers, then
 * written to files the page imports, as a learner would import an exported trace.
 */

export type RecordedTrace = { path: string; trace: Trace; bytes: number };

export async function writeTrace(folder: string, name: string, trace: Trace): Promise<RecordedTrace> {
  const path = join(folder, name);
  const text = JSON.stringify(trace);
  await writeFile(path, text);
  return { path, trace, bytes: Buffer.byteLength(text) };
}

/**
 * A long trace: mock-model-relentless keeps calling add_numbers until the host's cap on
 * tool rounds stops it (the run then ends with the host's fault step, as it would in the page).
 */
export async function recordLongTrace(input: { serverUrl: string; folder: string; maxToolRounds: number; fileName?: string }): Promise<RecordedTrace> {
  const trace = await runEngineLifecycle({ serverUrl: input.serverUrl, model: 'mock-model-relentless', maxToolRounds: input.maxToolRounds });
  const rounds = Math.max(...trace.steps.map((step) => step.iteration));
  if (rounds < input.maxToolRounds) throw new Error(`The relentless run stopped after ${rounds} rounds, before the cap of ${input.maxToolRounds}.`);
  return writeTrace(input.folder, input.fileName ?? 'long-trace.json', trace);
}

/** A trace whose MCP tool returns about 1 MB of text, from an SDK server of the bench's own. */
export async function recordLargeResultTrace(input: { serverUrl: string; folder: string }): Promise<RecordedTrace & { reportLength: number }> {
  const reportServer = await startReportServer();
  try {
    const trace = await runEngineLifecycle({ serverUrl: input.serverUrl, mcpUrl: reportServer.mcpUrl, question: REPORT_QUESTION });
    const call = trace.steps.find((step) => step.id === 'mcp.tools-call.request');
    const calledTool = (call?.payload as { params?: { name?: string } } | undefined)?.params?.name;
    if (calledTool !== REPORT_TOOL)
      throw new Error(`The mock model did not call ${REPORT_TOOL} for "${REPORT_QUESTION}" (it called ${calledTool ?? 'nothing'}).`);
    if (trace.status !== 'complete') throw new Error(`The large-result run ended ${trace.status}.`);
    return { ...(await writeTrace(input.folder, 'large-result-trace.json', trace)), reportLength: reportServer.reportLength };
  } finally {
    await reportServer.close();
  }
}
