import { describeBridgeFrame } from '../content/index.ts';
import { STEP_DEFINITIONS, type StepId } from '../trace/index.ts';
import type { SseFrame } from '../trace/index.ts';
import { classifyBridgeEvent, parseJsonBody, readJsonRpcMessage } from './classify-mcp-message.ts';
import type { StepFields } from './trace-writer.ts';

/**
 * A line the stdio bridge wrote to the process or read from it (or its stderr, or its exit),
 * as the bridge reported it in the stream: a step of its own, in the phase of the request
 * whose stream carried it (`requestStepId`). The JSON-RPC message on the line, when there
 * is one, is shown too. Undefined for a frame that is no bridge report.
 */
export function readBridgeFrameStep(frame: SseFrame, requestStepId: StepId | undefined): { stepId: StepId; fields: StepFields } | undefined {
  const bridged = classifyBridgeEvent(frame);
  if (!bridged) return undefined;
  const line = bridged.frame;
  const message = line.kind === 'stdin' || line.kind === 'stdout' ? readJsonRpcMessage(parseJsonBody(line.line)) : undefined;
  const phase = STEP_DEFINITIONS[requestStepId ?? 'mcp.request'].phase;
  return {
    stepId: bridged.stepId,
    fields: { payload: { ...line, ...(message ? { message } : {}) }, phase, title: describeBridgeFrame({ kind: line.kind, line: line.line, message }) },
  };
}
