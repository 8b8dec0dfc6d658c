import { useMemo } from 'react';
import type { Focus } from '../../content/index.ts';
import type { Step } from '../../trace/index.ts';
import { JsonPayload } from '../inspector/json-view.tsx';
import type { Highlight } from '../json/json-lines.ts';
import { creditEdits, describeValue, findEditedFields } from './edited-fields.ts';

/**
 * A message the learner edited at the gate: what was sent, with each change marked as
 * theirs, beside what the host had written, which never left. The narration's notes on
 * the fields they changed credit them, not the model.
 */
export function EditedMessageView({ step, original, focus }: { step: Step; original: unknown; focus: Focus[] }) {
  const edits = useMemo(() => findEditedFields({ original, sent: step.payload }), [original, step.payload]);
  const credited = useMemo(() => creditEdits({ focus, edits }), [focus, edits]);
  const sentMarks = useMemo<Highlight[]>(
    () =>
      edits
        .filter((edit) => edit.kind !== 'removed')
        .map((edit) => ({
          kind: 'edited',
          path: edit.path,
          note: edit.kind === 'added' ? 'added by you' : `edited by you: the host wrote ${describeValue(edit.was)}`,
        })),
    [edits],
  );
  const originalMarks = useMemo<Highlight[]>(
    () =>
      edits
        .filter((edit) => edit.kind !== 'added')
        .map((edit) => ({ kind: 'edited', path: edit.path, note: edit.kind === 'removed' ? 'removed by you' : `you sent ${describeValue(edit.now)} instead` })),
    [edits],
  );
  return (
    <div className="grid gap-3 @3xl:grid-cols-2" data-testid="edited-message">
      <JsonPayload value={step.payload} label="Sent: edited by you" testId="payload" focus={credited} marks={sentMarks} />
      <JsonPayload value={original} label="As the host wrote it (never sent)" testId="payload-original" marks={originalMarks} />
    </div>
  );
}
