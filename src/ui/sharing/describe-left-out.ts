import type { Step } from '../../trace/index.ts';
import { DEFAULT_MAX_TOOL_ROUNDS, type ModelSettings } from '../../store/index.ts';

type LinkSource = { model: Pick<ModelSettings, 'kind' | 'mcpServerUrl' | 'maxToolRounds' | 'strict'>; steps: readonly Pick<Step, 'edited' | 'gate'>[] };

/**
 * What a step link cannot carry of this run, in words, or null when it carries all of it.
 * The link holds the scenario, question, era, wire format, mock or real and Streamed or
 * Whole; whatever else the learner set is named here, so whoever opens the link knows their
 * run may differ (a round cap of 2 stops the run the link was made from sooner, for one).
 */
export function describeWhatIsLeftOut(state: LinkSource): string | null {
  if (state.model.mcpServerUrl !== null)
    return 'A link opens the built-in server only: the address of another MCP server is not put in a link (it may hold a token).';
  const { model } = state;
  const parts = [
    model.kind === 'real' ? 'the link asks for a real provider, but never carries your key, base URL or model name: whoever opens it uses their own' : null,
    state.steps.some((step) => step.edited) ? 'your edits to messages are not in the link: it replays the run as the model wrote it' : null,
    state.steps.some((step) => step.gate?.answeredBy === 'learner')
      ? 'your answers at the gates are not in the link: the run it opens passes each gate with Next’s own answer, and its steps say so'
      : null,
    model.maxToolRounds !== DEFAULT_MAX_TOOL_ROUNDS
      ? `your cap of ${model.maxToolRounds} tool rounds is not in the link: whoever opens it runs with their own cap (the scenario’s, unless they set one)`
      : null,
    model.strict ? 'OpenAI strict mode is not in the link: whoever opens it runs with their own choice (off, unless they turned it on)' : null,
  ].filter((part) => part !== null);
  return parts.length > 0 ? `${parts.join('; ')}.`.replace(/^./, (first) => first.toUpperCase()) : null;
}
