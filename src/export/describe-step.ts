import { getStepDefinition } from '../trace/index.ts';
import type { Step } from '../trace/index.ts';
import { isRecord } from './collect-exchanges.ts';

/** The message as the sequence view names it: the JSON-RPC method (and the tool it calls), else the step table's word for it. */
export function describeStep(step: Step): string {
  const payload = isRecord(step.payload) ? step.payload : undefined;
  if (typeof payload?.method === 'string') {
    const params = isRecord(payload.params) ? payload.params : undefined;
    return payload.method === 'tools/call' && typeof params?.name === 'string' ? `${payload.method} ${params.name}` : payload.method;
  }
  const label = getStepDefinition(step.id)?.label ?? step.kind;
  if (step.id === 'user.question' && typeof payload?.question === 'string') return `${label}: ${payload.question}`;
  if (step.id === 'host.answer' && typeof payload?.answer === 'string') return `${label}: ${payload.answer}`;
  const status = step.http?.status;
  return status !== undefined && status >= 400 && !label.includes(String(status)) ? `${label} (HTTP ${status})` : label;
}

export function numberStep(step: Step, text: string): string {
  if (step.kind === 'fault') return `! ${text}`;
  return step.canonical === null ? text : `${step.canonical} ${text}`;
}
