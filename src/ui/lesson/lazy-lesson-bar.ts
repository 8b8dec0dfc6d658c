import { lazy } from 'react';
import { whenFirstStepOrIdle } from '../wait-for-first-step.ts';

// The lesson tools (predictions, era twins, the model's view, the code, teacher's notes) are a chunk of their own.
// It waits for step 1 if Next is pressed at once (whenFirstStepOrIdle): it reads the lesson plan with zod, and its chunks
// would otherwise be run between that press and its step.
const loadLessonBar = () => whenFirstStepOrIdle().then(() => import('./lesson-bar.tsx'));
export const LessonBar = lazy(() => loadLessonBar().then((module) => ({ default: module.LessonBar })));
export const LessonSwitches = lazy(() => loadLessonBar().then((module) => ({ default: module.LessonSwitches })));
