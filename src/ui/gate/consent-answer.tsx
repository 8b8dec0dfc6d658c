import { z } from 'zod';
import { CallArguments, GateChoices } from './gate-choices.tsx';
import { GatePanel } from './gate-panel.tsx';

/** What host.ask-consent put before the user (src/lifecycle/consent.ts). */
const AskedSchema = z.looseObject({ tool: z.string(), arguments: z.unknown().optional(), annotations: z.record(z.string(), z.unknown()).optional() });

/** The consent gate: which tool, with what, the server's hints, and Allow / Deny. */
export function ConsentAnswer({ asked }: { asked: unknown }) {
  const parsed = AskedSchema.safeParse(asked);
  const tool = parsed.success ? parsed.data.tool : 'this tool';
  const annotations = parsed.success ? Object.entries(parsed.data.annotations ?? {}) : [];
  return (
    <GatePanel title={`Allow the host to call ${tool}?`} testId="consent-answer">
      {parsed.success && parsed.data.arguments !== undefined && <CallArguments args={parsed.data.arguments} />}
      {annotations.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label="The tool's annotations">
          {annotations.map(([name, value]) => (
            <li key={name} className="rounded bg-white px-1.5 py-0.5 font-mono text-xs dark:bg-slate-900">
              {name}: {JSON.stringify(value)}
            </li>
          ))}
        </ul>
      ) : (
        <p>The server gave no annotations for this tool.</p>
      )}
      <p className="text-xs">
        Annotations are untrusted hints from the server: the host cannot check them, so they tell it when to ask you, never that a call is safe.
      </p>
      <GateChoices
        choices={[
          { label: `Allow ${tool}`, answer: { decision: 'allow' } },
          { label: 'Deny', answer: { decision: 'deny' } },
        ]}
      />
    </GatePanel>
  );
}
