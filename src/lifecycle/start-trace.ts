import { redactUrl } from '../trace/index.ts';
import type { Trace } from '../trace/index.ts';
import type { RunOptions } from './run-context.ts';

export type TraceOptions = Pick<RunOptions, 'question' | 'era' | 'mcpUrl' | 'provider' | 'topology'>;

/**
 * A run's trace before its first step. Light on purpose (no MCP or provider code): the
 * first page writes step 1 over one of these before the engine has loaded (question-step.ts).
 */
export function startTrace(options: TraceOptions): Trace {
  return {
    format: 'mcp-lifecycle-trace',
    version: 1,
    question: options.question,
    answer: null,
    status: 'running',
    startedAt: new Date().toISOString(),
    model: { wire: options.provider.wire, kind: options.provider.kind, name: options.provider.model },
    // The trace is shared (export, HAR, CLI output): a password in the server's URL stays out of it.
    mcp: {
      url: redactUrl({ url: options.mcpUrl }),
      era: options.era,
      protocolVersion: null,
      ...(options.topology === 'provider' ? { topology: 'provider' as const } : {}),
    },
    steps: [],
  };
}
