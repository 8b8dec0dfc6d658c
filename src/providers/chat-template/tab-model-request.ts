import { z } from 'zod';

/**
 * What the host hands the model in the tab, and what it reads back: kept apart from the
 * chat template's code (and its Jinja) so that the engine can check a request the learner
 * edited at the gate without loading a template renderer.
 */
export const TabModelRequestSchema = z.object({
  prompt: z.string(),
  grammar: z.string().nullable(),
  max_tokens: z.number().int().positive().max(8192),
  temperature: z.number().min(0).max(2),
  seed: z.number().int(),
});
export type TabModelRequest = z.infer<typeof TabModelRequestSchema>;

/** The raw text the model wrote and how it ended (the tokens and timings ride along). */
export const TabModelReplySchema = z.looseObject({
  text: z.string(),
  finish_reason: z.enum(['stop', 'length']),
});
