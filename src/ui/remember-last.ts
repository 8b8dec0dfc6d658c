/**
 * A derivation of the whole run, kept for its last inputs (compared by identity) and shared
 * by every view that asks. A view's own useMemo is lost when it mounts again, and the
 * inspector mounts again at every step (keyed by the step), so each Next read the whole
 * run again: a few ms per press on a 1,800-step trace, growing with its length.
 */
export function rememberLast<Inputs extends readonly unknown[], Result>(derive: (...inputs: Inputs) => Result): (...inputs: Inputs) => Result {
  let last: { inputs: Inputs; result: Result } | undefined;
  return (...inputs) => {
    if (last && last.inputs.length === inputs.length && last.inputs.every((input, index) => Object.is(input, inputs[index]))) return last.result;
    last = { inputs, result: derive(...inputs) };
    return last.result;
  };
}
