import { z } from 'zod';
import { PREDICTION_KINDS } from './predictions.ts';
import defaultLesson from './default-lesson.json' with { type: 'json' };

/**
 * A teacher's lesson: questions to predict and notes to show, each keyed by a stable
 * step id (src/trace/steps.ts), so the same file fits every era, wire format and
 * scenario. It comes from the built-in file, a JSON file named by ?lesson=URL, or the
 * page's own parameters (?note.mcp.tools-call.request=…, ?ask.host.translate-tools=sender).
 * All of it is text a stranger may have written: shown as text, never as markup.
 */
export const LessonPlanSchema = z.object({
  title: z.string().max(200).optional(),
  /** Step id → the kinds of question asked while that step is on show. */
  questions: z.record(z.string(), z.array(z.enum(PREDICTION_KINDS)).max(5)).default({}),
  /** Step id → the teacher's note for that step. */
  notes: z.record(z.string(), z.string().max(2000)).default({}),
});
export type LessonPlan = z.infer<typeof LessonPlanSchema>;

export const DEFAULT_LESSON: LessonPlan = LessonPlanSchema.parse(defaultLesson);

/** The notes and questions written in the page's address, added to (and winning over) the lesson file's. */
export function readLessonParameters(search: string): Pick<LessonPlan, 'questions' | 'notes'> & { lessonUrl: string | null; embed: boolean } {
  const parameters = new URLSearchParams(search);
  const notes: Record<string, string> = {};
  const questions: LessonPlan['questions'] = {};
  for (const [name, value] of parameters) {
    if (name.startsWith('note.')) notes[name.slice('note.'.length)] = value.slice(0, 2000);
    if (name.startsWith('ask.')) {
      const kinds = value.split(',').map((kind) => kind.trim());
      questions[name.slice('ask.'.length)] = PREDICTION_KINDS.filter((kind) => kinds.includes(kind));
    }
  }
  return { notes, questions, lessonUrl: parameters.get('lesson'), embed: parameters.get('embed') === '1' };
}

/** The lesson file's plan with the address's notes and questions laid over it. */
export function mergeLessonPlans({ base, overlay }: { base: LessonPlan; overlay: Pick<LessonPlan, 'questions' | 'notes'> }): LessonPlan {
  return { ...base, questions: { ...base.questions, ...overlay.questions }, notes: { ...base.notes, ...overlay.notes } };
}

/** Reads a teacher's lesson file; what is wrong with it is said in words, with where. */
export function parseLessonPlan(text: string): { result: LessonPlan | null; warnings: string[] } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return {
      result: null,
      warnings: [`The lesson file is not JSON (${error instanceof Error ? error.message : String(error)}). Check it in a JSON validator.`],
    };
  }
  const parsed = LessonPlanSchema.safeParse(json);
  if (!parsed.success) {
    return {
      result: null,
      warnings: parsed.error.issues.map(
        (issue) =>
          `The lesson file has ${issue.message.toLowerCase()} at ${issue.path.join('.') || 'its top'}: questions are step id → kinds (${PREDICTION_KINDS.join(', ')}), notes are step id → text.`,
      ),
    };
  }
  return { result: parsed.data, warnings: [] };
}
