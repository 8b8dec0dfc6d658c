import { z } from 'zod';
import { DEPRECATED_FEATURES, type Deprecation } from './deprecations.ts';

/**
 * A step's deprecation mark as a trace file carries it. Apart from deprecations.ts, which
 * the trace writer uses, so that writing step 1 on the first page (before the engine has
 * loaded) does not bring zod with it; the type is deprecations.ts's, so the import runs one way.
 */
export const DeprecationSchema = z.object({
  feature: z.enum(DEPRECATED_FEATURES),
  era: z.literal('2026-07-28'),
  note: z.string(),
}) satisfies z.ZodType<Deprecation>;
