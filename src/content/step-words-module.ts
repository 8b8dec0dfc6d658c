/**
 * The word builders as one module, loaded by the page after its first paint (src/ui/use-step-words.ts):
 * the words of every step stay off the first page, as the summaries table did before them.
 */
export { readRunFacts } from './run-facts.ts';
export { describeStepTitles, describeStepWords } from './step-words.ts';
