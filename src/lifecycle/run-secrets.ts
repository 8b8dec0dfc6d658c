import { collectSecretValues } from '../trace/index.ts';
import { listMcpHeaderSecrets } from './mcp-headers.ts';
import type { RunOptions } from './run-context.ts';

/**
 * The run's secrets: the provider key, the secret values of the learner's MCP headers and
 * any credential in the server's URL. The recorder and the trace writer redact them all.
 */
export function collectRunSecrets(options: Pick<RunOptions, 'provider' | 'mcpHeaders' | 'mcpUrl'>): string[] {
  return [
    ...(options.provider.apiKey ? [options.provider.apiKey] : []),
    ...listMcpHeaderSecrets(options.mcpHeaders ?? []),
    ...collectSecretValues({ url: options.mcpUrl }),
  ];
}
