import { useMemo } from 'react';
import { z } from 'zod';
import { readRunHttpOrigins } from '../../store/index.ts';
import { passUrlGate } from '../../trace/index.ts';
import { GateChoices } from './gate-choices.tsx';
import { GatePanel } from './gate-panel.tsx';

/** What host.ask-open-link put before the user (src/lifecycle/app-view-requests.ts). */
const AskedSchema = z.looseObject({ url: z.string() });

/**
 * A view asks to open a link: the address, shown as text first, then Open (the host opens it
 * in a new tab with no opener, src/store/app-view-frames.ts) or Keep it closed. The host gated
 * the address already; the page gates it again before it offers to open it.
 */
export function OpenLinkAnswer({ asked }: { asked: unknown }) {
  const parsed = AskedSchema.safeParse(asked);
  const url = parsed.success ? parsed.data.url : '';
  const gated = useMemo(() => passUrlGate({ text: url, httpOrigins: readRunHttpOrigins() }), [url]);
  return (
    <GatePanel title="The view asks to open a link" testId="open-link-answer">
      <p className="break-all">
        <span className="font-semibold">Address:</span>{' '}
        <code className="font-mono" data-testid="open-link-url">
          {url}
        </code>
      </p>
      <p className="text-xs">
        The address comes from the view, so from the MCP server. Check it before you open it: it opens in a new tab that cannot reach back into the explorer.
      </p>
      {!gated.ok && <p role="alert">The host will not open this address: {gated.reason}. Keep it closed.</p>}
      <GateChoices
        choices={[
          ...(gated.ok ? [{ label: 'Open the link', answer: { decision: 'open' } }] : []),
          { label: 'Keep it closed', answer: { decision: 'keep-closed' } },
        ]}
      />
    </GatePanel>
  );
}
