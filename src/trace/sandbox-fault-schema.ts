import { z } from 'zod';
import { SANDBOX_FAULTS } from './sandbox-fault-names.ts';

/** A failure switch's name as a request or the CLI gives it; apart, so the first page's paths and names bring no zod. */
export const SandboxFaultSchema = z.enum(SANDBOX_FAULTS);
export type SandboxFault = z.infer<typeof SandboxFaultSchema>;
