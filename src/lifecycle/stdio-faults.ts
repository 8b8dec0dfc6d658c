import type { Fault } from '../trace/index.ts';
import type { FaultWords } from './fault-words.ts';
import { errorText, isTimeout, shorten } from './faults.ts';

/**
 * Why talking to a stdio server the host started failed: a program that could not be
 * started or that ended, in words about the command rather than a URL.
 */
export function explainStdioFailure(error: unknown, command: string, during: string, say: FaultWords): Fault {
  const detail = errorText(error);
  if (/\bENOENT\b/.test(detail)) {
    return {
      what: `Could not start the stdio server "${command}" (${during}).`,
      why: 'There is no such program on the PATH (the command runs without a shell, so it must name the program itself).',
      fix: `Check the program after --stdio (for example node, npx or python3), ${say.again}.`,
    };
  }
  if (/\bEACCES\b/.test(detail)) {
    return {
      what: `Could not start the stdio server "${command}" (${during}).`,
      why: 'The program is not executable.',
      fix: `Make it executable, or run it through its interpreter (node, python3), ${say.again}.`,
    };
  }
  if (isTimeout(error)) {
    return {
      what: `The stdio server "${command}" did not answer ${during} in time.`,
      why: 'It may be stuck, waiting for something, or writing its answers elsewhere than stdout.',
      fix: `Look at its stderr above the trace, ${say.again}.`,
    };
  }
  return {
    what: `Talking to the stdio server "${command}" failed ${during}.`,
    why: shorten(detail, 300),
    fix: `Look at its stderr (printed above the trace): a stdio server must write only JSON-RPC on stdout, one message a line. Fix that, ${say.again}.`,
  };
}
