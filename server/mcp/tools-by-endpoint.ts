import { addNumbers, divideNumbers, multiplyNumbers, raiseToPower } from './tools/arithmetic-tools.ts';
import { convertUnits } from './tools/convert-units.ts';
import { countInBackground } from './tools/count-in-background.ts';
import { countSlowly } from './tools/count-slowly.ts';
import { drawBarChart } from './tools/draw-bar-chart.ts';
import { askForNumber, phraseSum, signInFirst } from './tools/reach-back-tools.ts';

/**
 * Which endpoint serves which built-in tool; each tool is defined in tools/. add_numbers
 * is exported from here too, as the tool the article's server is made of.
 */
export { addNumbers };

/** The article's server: one tool, served on /mcp. */
export const builtInTools = [addNumbers];

/** Every tool, each teaching one thing beyond the happy path, served on /mcp/toolbox. */
export const toolboxTools = [
  addNumbers,
  multiplyNumbers,
  divideNumbers,
  raiseToPower,
  convertUnits,
  drawBarChart,
  countSlowly,
  countInBackground,
  phraseSum,
  askForNumber,
  signInFirst,
];

/** /mcp/protected, behind the authorization sandbox: the article's tool, and multiply_numbers, which needs the mcp:admin scope as well. */
export const protectedTools = [addNumbers, multiplyNumbers];
