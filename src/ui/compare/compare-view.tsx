import { useMemo, useState } from 'react';
import type { Step, Translation } from '../../trace/index.ts';
import { compareTranslations, type McpCallParams } from '../../providers/index.ts';
import type { FieldChange, McpTool, McpToolResult } from '../../providers/index.ts';
import { useExplorerStore, type ExplorerState } from '../../store/index.ts';
import { AnnotatedJson, ChangeLegend } from '../json/annotated-json.tsx';
import { collectHighlights } from '../json/json-lines.ts';
import { TabList } from '../tab-list.tsx';

const selectSteps = (state: ExplorerState) => state.steps;
const selectWire = (state: ExplorerState) => state.runWire;
const selectStrict = (state: ExplorerState) => state.model.strict;

/** The compare view covers the three translations of a tool call; #4 (sampling) has its own view only. */
type TranslationNumber = Exclude<Translation['number'], 4>;

/** The run's own MCP data, read from the steps recorded so far. */
function readRunData(steps: Step[]): { tools: McpTool[] | null; call: McpCallParams | null; result: McpToolResult | null } {
  const byNumber = (number: TranslationNumber) => steps.find((step) => step.translation?.number === number)?.translation;
  const first = byNumber(1);
  const second = byNumber(2)?.output as Partial<McpCallParams> | undefined;
  const third = byNumber(3)?.input as unknown[] | undefined;
  const result = third?.[0] as McpToolResult | undefined;
  return {
    tools: Array.isArray(first?.input) ? (first.input as McpTool[]) : null,
    call: typeof second?.name === 'string' && typeof second.arguments === 'object' ? (second as McpCallParams) : null,
    result: result && Array.isArray(result.content) ? result : null,
  };
}

function Card({
  title,
  current,
  value,
  changes,
  side,
  warnings,
}: {
  title: string;
  current: boolean;
  value: unknown;
  changes: FieldChange[];
  side: 'input' | 'output';
  warnings: string[];
}) {
  const highlights = useMemo(() => collectHighlights({ changes, side }), [changes, side]);
  return (
    <article
      className={`flex min-w-0 flex-col gap-2 rounded-lg border p-3 ${current ? 'border-sky-500 ring-2 ring-sky-200 dark:ring-sky-800' : 'border-slate-200 dark:border-slate-700'}`}
      data-testid="compare-card"
    >
      <header className="flex items-baseline justify-between gap-2">
        <h3 className="font-semibold">{title}</h3>
        {current && <span className="rounded bg-sky-800 px-1.5 py-0.5 text-[10px] font-semibold text-white uppercase">this run</span>}
      </header>
      <ChangeLegend changes={changes} />
      {/* A region that scrolls is a Tab stop with a name, so a keyboard can scroll it too (axe: scrollable-region-focusable). */}
      <div
        className="max-h-80 overflow-auto"
        tabIndex={0}
        role="region"
        aria-label={`${title}: ${side === 'output' ? 'what the translation wrote' : 'what it read'}`}
      >
        <AnnotatedJson value={value} highlights={highlights} side={side} />
      </div>
      <details className="text-xs text-slate-600 dark:text-slate-300">
        <summary className="cursor-pointer">
          {warnings.length === 0 ? 'Nothing lost' : `${warnings.length} thing${warnings.length === 1 ? '' : 's'} changed or lost`}
        </summary>
        <ul className="mt-1 list-disc space-y-1 pl-4">
          {warnings.map((warning, index) => (
            <li key={index}>{warning}</li>
          ))}
        </ul>
      </details>
    </article>
  );
}

const CAPTIONS: Record<TranslationNumber, string> = {
  1: 'The same MCP tools, as each format declares them to the model.',
  2: 'How each format’s model writes the same call, and what the host makes of it: the MCP call is the same every time.',
  3: 'The same MCP result, as each format hands it back to the model.',
  5: "A prompt's messages, as each format starts its conversation.",
};

/** One wire format's card for the chosen translation; none where this run has not come to it. */
function ComparisonCard({
  comparison: { wire: info, first, second, third },
  number,
  current,
}: {
  comparison: ReturnType<typeof compareTranslations>[number];
  number: TranslationNumber;
  current: boolean;
}) {
  if (number === 1) {
    return (
      <Card
        title={info.label}
        current={current}
        value={first.result.tools}
        changes={first.changes}
        side="output"
        warnings={first.warnings.map((warning) => warning.message)}
      />
    );
  }
  if (number === 2 && second) {
    return (
      <Card
        title={info.label}
        current={current}
        value={second.call.raw}
        changes={second.translated.changes}
        side="input"
        warnings={second.translated.warnings.map((warning) => warning.message)}
      />
    );
  }
  if (number === 3 && third) {
    return (
      <Card
        title={info.label}
        current={current}
        value={third.result}
        changes={third.changes}
        side="output"
        warnings={third.warnings.map((warning) => warning.message)}
      />
    );
  }
  return null;
}

/**
 * Translations #1, #2 and #3 of the run on show, in all six wire formats at once. Only
 * the run's own format was sent; the others are what this host's translators would send.
 */
export function CompareView() {
  const steps = useExplorerStore(selectSteps);
  const wire = useExplorerStore(selectWire);
  const strict = useExplorerStore(selectStrict);
  const data = useMemo(() => readRunData(steps), [steps]);
  const comparisons = useMemo(
    () => (data.tools ? compareTranslations({ tools: data.tools, call: data.call, result: data.result, strict }) : []),
    [data, strict],
  );
  const [number, setNumber] = useState<TranslationNumber>(1);
  if (!data.tools) {
    return <p className="p-4 text-sm text-slate-500">Step forward to translation #1 (step 7): the comparison starts from the tools the server listed.</p>;
  }
  const available: Record<TranslationNumber, boolean> = { 1: true, 2: data.call !== null, 3: data.result !== null, 5: false };
  return (
    <div className="flex h-full min-h-0 flex-col gap-3" data-testid="compare-view">
      <TabList
        label="Translation"
        className="flex gap-1"
        tabs={([1, 2, 3] as const).map((entry) => ({ id: entry, label: `Translation #${entry}`, disabled: !available[entry] }))}
        chosen={number}
        onChoose={setNumber}
        tabClassName={(selected) =>
          `rounded-md px-3 py-1 text-sm disabled:opacity-40 ${selected ? 'bg-slate-900 text-white dark:bg-slate-100 dark:text-slate-900' : 'hover:bg-slate-100 dark:hover:bg-slate-800'}`
        }
      />
      <p className="text-sm text-slate-600 dark:text-slate-300">
        {CAPTIONS[number]} Only the card marked “this run” was sent; the others are what this host’s translators produce from the same data.
      </p>
      <div
        className="grid min-h-0 flex-1 grid-cols-1 gap-3 overflow-auto md:grid-cols-2 xl:grid-cols-3"
        tabIndex={0}
        role="region"
        aria-label="The six wire formats"
      >
        {comparisons.map((comparison) => (
          <ComparisonCard key={comparison.wire.id} comparison={comparison} number={number} current={comparison.wire.id === wire} />
        ))}
      </div>
    </div>
  );
}
