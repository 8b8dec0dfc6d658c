/**
 * How translation #3 says, in words, what a format has no field for, so that a model (and
 * the mock, which reads them as a model would) can tell the three apart: a tool that
 * answered with isError, no tool result at all (the host's own error: the user declined
 * the call, stopped it, or the server refused it with a JSON-RPC error), and a tool whose
 * ordinary answer happens to begin with "Error:", which is the tool's text and no error.
 */

/** Before the text of a result whose isError is true, where a tool message carries text only. */
export const TOOL_ERROR_MARKER = 'Error (isError: true): ';

/** Before the host's error where no tool result exists, in every format. */
export const NO_RESULT_MARKER = 'Error (no tool result): ';
