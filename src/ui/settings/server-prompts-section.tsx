import { useState } from 'react';
import { runFromPrompt, loadServerOfferings, resolveServerInUse, useServerOfferingsStore } from '../../store/index.ts';

const field = 'rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100';
const label = 'flex flex-col gap-1 text-xs font-medium text-slate-600 dark:text-slate-300';
const button = 'self-start rounded-md border border-slate-400 px-3 py-1.5 text-sm dark:border-slate-500';

/**
 * What the server in use offers the user beside its tools: its prompts (the learner picks
 * one, fills in its arguments and starts a lifecycle from it) and its resources. Prompts
 * are user-controlled in the spec: the user chooses them, not the model.
 */
type Offerings = NonNullable<ReturnType<typeof useServerOfferingsStore.getState>['offerings']>;

/** A prompt of the server's, its arguments asked for (the required ones checked), then run as a lifecycle's start. */
function PromptForm({ prompts, close }: { prompts: Offerings['prompts']; close: () => void }) {
  const [promptName, setPromptName] = useState('');
  const [values, setValues] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const prompt = prompts.find((entry) => entry.name === promptName) ?? prompts[0];
  if (!prompt) return null;
  return (
    <form
      className="flex flex-col gap-2"
      aria-label="Start from a prompt"
      onSubmit={(event) => {
        event.preventDefault();
        const missing = (prompt.arguments ?? []).filter((argument) => argument.required && !values[argument.name]?.trim()).map((argument) => argument.name);
        if (missing.length > 0) {
          setProblem(`The prompt needs ${missing.join(', ')}: fill ${missing.length > 1 ? 'them' : 'it'} in, then run.`);
          return;
        }
        const filled = Object.fromEntries(
          (prompt.arguments ?? []).flatMap((argument) => (values[argument.name]?.trim() ? [[argument.name, values[argument.name]!.trim()]] : [])),
        );
        close();
        runFromPrompt({ name: prompt.name, arguments: filled });
      }}
    >
      <label className={label}>
        Prompt
        <select
          className={field}
          value={prompt.name}
          onChange={(event) => {
            setPromptName(event.target.value);
            setValues({});
            setProblem(null);
          }}
        >
          {prompts.map((entry) => (
            <option key={entry.name} value={entry.name}>
              {entry.title ?? entry.name}
            </option>
          ))}
        </select>
      </label>
      {prompt.description && <p className="text-xs">{prompt.description}</p>}
      {(prompt.arguments ?? []).map((argument) => (
        <label key={argument.name} className={label}>
          <span>
            {argument.name}
            {argument.required && <span aria-hidden="true"> *</span>}
            {argument.required && <span className="sr-only"> (required)</span>}
            {argument.description ? ` (${argument.description})` : ''}
          </span>
          <input
            className={field}
            value={values[argument.name] ?? ''}
            aria-required={argument.required === true}
            onChange={(event) => setValues({ ...values, [argument.name]: event.target.value })}
            spellCheck={false}
          />
        </label>
      ))}
      {problem && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {problem}
        </p>
      )}
      <button type="submit" className={button}>
        Run this prompt
      </button>
    </form>
  );
}

function ResourceList({ resources }: { resources: Offerings['resources'] }) {
  return (
    <div>
      <h3 className="text-sm font-semibold">Resources</h3>
      <ul className="flex flex-col gap-1 text-xs" aria-label="The server's resources">
        {resources.map((resource) => (
          <li key={resource.uri}>
            <span className="font-medium">{resource.title ?? resource.name}</span> <span className="font-mono">{resource.uri}</span>
            {resource.mimeType ? ` (${resource.mimeType})` : ''}
            {resource.description ? `: ${resource.description}` : ''}
          </li>
        ))}
      </ul>
    </div>
  );
}

export function ServerPromptsSection({ close }: { close: () => void }) {
  const { loading, offerings, error } = useServerOfferingsStore();
  const prompts = offerings?.prompts ?? [];
  return (
    <section
      aria-labelledby="server-offerings-title"
      className="flex flex-col gap-3 border-t border-slate-200 p-5 dark:border-slate-700"
      data-testid="server-offerings"
    >
      <h2 id="server-offerings-title" className="text-base font-semibold">
        The server&apos;s prompts and resources
      </h2>
      <p className="text-xs text-slate-500 dark:text-slate-400">
        Asks <span className="font-mono">{resolveServerInUse()}</span> (the server as applied: apply changes above first) with prompts/list and resources/list,
        outside any run.
      </p>
      <button type="button" className={button} onClick={() => void loadServerOfferings()} disabled={loading}>
        {loading ? 'Loading…' : 'Load from server'}
      </button>
      {error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
      {offerings && (
        <>
          {offerings.notes.map((note) => (
            <p key={note} className="text-xs">
              {note}
            </p>
          ))}
          {prompts.length > 0 && <PromptForm prompts={prompts} close={close} />}
          {offerings.resources.length > 0 && <ResourceList resources={offerings.resources} />}
        </>
      )}
    </section>
  );
}
