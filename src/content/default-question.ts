/** The question a run asks unless the learner writes another: the store's first state, and the step 1 index.html's shell shows. */
export const DEFAULT_QUESTION = 'What is 5 plus 7?';
