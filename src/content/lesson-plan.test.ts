import { describe, expect, it } from 'vitest';
import { STEP_DEFINITIONS } from '../trace/steps.ts';
import { DEFAULT_LESSON, mergeLessonPlans, parseLessonPlan, readLessonParameters } from './lesson-plan.ts';

describe('a lesson plan', () => {
  it('keys the built-in questions by step ids the explorer knows', () => {
    const unknown = Object.keys(DEFAULT_LESSON.questions).filter((id) => !Object.hasOwn(STEP_DEFINITIONS, id));
    expect(unknown).toEqual([]);
    expect(Object.keys(DEFAULT_LESSON.questions).length).toBeGreaterThan(5);
  });

  it("reads a teacher's notes and questions from the address, over the file's", () => {
    const overlay = readLessonParameters('?embed=1&note.mcp.tools-call.request=Look+at+the+id&ask.host.translate-tools=headers,nonsense,sender');
    expect(overlay.embed).toBe(true);
    expect(overlay.notes).toEqual({ 'mcp.tools-call.request': 'Look at the id' });
    expect(overlay.questions).toEqual({ 'host.translate-tools': ['sender', 'headers'] });
    const merged = mergeLessonPlans({ base: DEFAULT_LESSON, overlay });
    expect(merged.questions['host.translate-tools']).toEqual(['sender', 'headers']);
    expect(merged.questions['host.start-discovery']).toEqual(DEFAULT_LESSON.questions['host.start-discovery']);
    expect(readLessonParameters('?lesson=lessons/week-1.json').lessonUrl).toBe('lessons/week-1.json');
    expect(readLessonParameters('').embed).toBe(false);
  });

  it('says what is wrong with a lesson file, and where', () => {
    expect(parseLessonPlan('{"notes":{"user.question":"Ask the room first."}}')).toEqual({
      result: { notes: { 'user.question': 'Ask the room first.' }, questions: {} },
      warnings: [],
    });
    expect(parseLessonPlan('not json').warnings[0]).toMatch(/^The lesson file is not JSON/);
    const wrong = parseLessonPlan('{"questions":{"user.question":["who-knows"]}}');
    expect(wrong.result).toBeNull();
    expect(wrong.warnings[0]).toContain('questions.user.question.0');
  });
});
