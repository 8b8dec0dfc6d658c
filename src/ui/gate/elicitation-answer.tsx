import { useMemo, useState } from 'react';
import { z } from 'zod';
import { answerAtGate, readRunHttpOrigins } from '../../store/index.ts';
import { passUrlGate } from '../../trace/index.ts';
import { openGatedUrl } from '../open-gated-url.tsx';
import { ElicitationFieldControl } from './elicitation-field-control.tsx';
import { readElicitationFields, readInitialValues, validateElicitationForm, type FieldValue } from './elicitation-fields.ts';
import { GATE_ACTIONS, GatePanel, PRIMARY, SECONDARY } from './gate-panel.tsx';

/** What host.elicitation.ask put before the user (src/lifecycle/server-requests.ts): a form, or a page of the server's. */
const AskedUrlSchema = z.looseObject({ message: z.string(), url: z.string() });
const AskedFormSchema = z.looseObject({ message: z.string(), requestedSchema: z.unknown() });

/** `pageOpened`: in URL mode, whether the learner opened the page before answering (recorded with the answer). */
function DeclineButtons({ pageOpened }: { pageOpened?: boolean }) {
  const seen = pageOpened === undefined ? {} : { pageOpened };
  return (
    <>
      <button type="button" className={SECONDARY} onClick={() => answerAtGate({ action: 'decline' }, seen)}>
        Decline
      </button>
      <button type="button" className={SECONDARY} onClick={() => answerAtGate({ action: 'cancel' }, seen)}>
        Cancel
      </button>
    </>
  );
}

/** URL mode: the page is the server's, between it and the user; the host only opens it and hears that the user is back. */
function UrlAnswer({ message, url }: { message: string; url: string }) {
  const [opened, setOpened] = useState(false);
  // The host gated the address before asking (src/lifecycle/server-requests.ts); the page gates it again before it opens it.
  const gated = useMemo(() => passUrlGate({ text: url, httpOrigins: readRunHttpOrigins() }), [url]);
  return (
    <GatePanel title="The server sends you to a page" testId="elicitation-url">
      <p>{message}</p>
      <p className="break-all">
        <span className="font-semibold">Address:</span>{' '}
        <code className="font-mono" data-testid="elicitation-url-text">
          {url}
        </code>
      </p>
      <p className="text-xs">What you type there goes to the server alone, never through the host or the model. Check the address before you open it.</p>
      {!gated.ok && <p role="alert">The host will not open this address: {gated.reason}. Decline or cancel.</p>}
      <div className="flex gap-2" {...GATE_ACTIONS}>
        {gated.ok && (
          <button
            type="button"
            className={SECONDARY}
            onClick={() => {
              openGatedUrl(gated.url);
              setOpened(true);
            }}
          >
            Open
          </button>
        )}
        <button type="button" className={PRIMARY} onClick={() => answerAtGate({ action: 'accept' }, { pageOpened: opened })}>
          I&apos;m done{opened ? '' : ' (without opening it)'}
        </button>
        <DeclineButtons pageOpened={opened} />
      </div>
    </GatePanel>
  );
}

/** Form mode: the server's requestedSchema as a form, checked before it is sent. */
function FormAnswer({ message, requestedSchema }: { message: string; requestedSchema: unknown }) {
  const { fields, unreadable } = useMemo(() => readElicitationFields(requestedSchema), [requestedSchema]);
  const [values, setValues] = useState<Record<string, FieldValue>>(() => readInitialValues(fields));
  const [errors, setErrors] = useState<Record<string, string>>({});
  return (
    <GatePanel title="The server asks you" testId="elicitation-form">
      <form
        noValidate
        className="flex flex-col gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          const checked = validateElicitationForm({ fields, values });
          if ('errors' in checked) setErrors(checked.errors);
          else answerAtGate({ action: 'accept', content: checked.content });
        }}
      >
        <p>{message}</p>
        <div className="flex flex-wrap items-start gap-x-6 gap-y-2">
          {fields.map((field) => (
            <ElicitationFieldControl
              key={field.name}
              field={field}
              value={values[field.name]}
              error={errors[field.name]}
              onChange={(value) => setValues((before) => ({ ...before, [field.name]: value }))}
            />
          ))}
        </div>
        {unreadable.length > 0 && (
          <p role="alert">The host cannot show these fields of the server&apos;s form: {unreadable.join('; ')}. Decline, or use Edit before sending.</p>
        )}
        <p className="text-xs">Fields marked * are required. The form is the server&apos;s: give only what you mean it to have.</p>
        <div className="flex gap-2" {...GATE_ACTIONS}>
          <button type="submit" className={PRIMARY}>
            Accept
          </button>
          <DeclineButtons />
        </div>
      </form>
    </GatePanel>
  );
}

/** The elicitation gate, in the mode the server asked for. */
export function ElicitationAnswer({ asked }: { asked: unknown }) {
  const url = AskedUrlSchema.safeParse(asked);
  if (url.success) return <UrlAnswer message={url.data.message} url={url.data.url} />;
  const parsed = AskedFormSchema.safeParse(asked);
  if (!parsed.success)
    return (
      <GatePanel title="The server asks you" testId="elicitation-form">
        <p>The host cannot read the server&apos;s request. Decline or cancel it.</p>
        <div className="flex gap-2" {...GATE_ACTIONS}>
          <DeclineButtons />
        </div>
      </GatePanel>
    );
  return <FormAnswer message={parsed.data.message} requestedSchema={parsed.data.requestedSchema} />;
}
