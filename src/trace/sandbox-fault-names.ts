/**
 * The authorization sandbox's failure switches by name, with no zod: the first page (the
 * scenario bar's switch, a deep link's fault=) reads them and stays light. The schema and
 * what each switch breaks are in authorization-sandbox.ts.
 */
export const SANDBOX_FAULTS = ['wrong-issuer', 'wrong-resource', 'missing-scope', 'expired-token', 'state-mismatch', 'pkce-mismatch'] as const;
export type SandboxFaultName = (typeof SANDBOX_FAULTS)[number];

export function isSandboxFault(name: string): name is SandboxFaultName {
  return (SANDBOX_FAULTS as readonly string[]).includes(name);
}
