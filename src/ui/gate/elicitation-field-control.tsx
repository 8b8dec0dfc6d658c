import type { ReactNode } from 'react';
import type { ElicitationField, FieldValue } from './elicitation-fields.ts';

const INPUT = 'rounded-md border border-slate-400 bg-white px-2 py-1 text-sm text-slate-900 dark:border-slate-500 dark:bg-slate-950 dark:text-slate-100';

function describeBounds(field: ElicitationField): string | null {
  if (field.kind !== 'number') return null;
  if (field.minimum !== undefined && field.maximum !== undefined) return `from ${field.minimum} to ${field.maximum}`;
  if (field.minimum !== undefined) return `at least ${field.minimum}`;
  if (field.maximum !== undefined) return `at most ${field.maximum}`;
  return null;
}

/** Several choices, each a checkbox, under the field's label. */
function ChoicesField({
  field,
  value,
  label,
  describedBy,
  onChange,
}: {
  field: Extract<ElicitationField, { kind: 'choices' }>;
  value: FieldValue | undefined;
  label: ReactNode;
  describedBy: string | undefined;
  onChange: (value: FieldValue) => void;
}) {
  const chosen = Array.isArray(value) ? value : [];
  return (
    <fieldset aria-describedby={describedBy} className="flex flex-wrap gap-3">
      <legend className="font-medium">{label}</legend>
      {field.options.map((option) => (
        <label key={option.value} className="flex items-center gap-1">
          <input
            type="checkbox"
            checked={chosen.includes(option.value)}
            onChange={(event) => onChange(event.target.checked ? [...chosen, option.value] : chosen.filter((item) => item !== option.value))}
          />
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}

/** One choice, from a list; an optional field may be left at none. */
function ChoiceSelect({
  field,
  id,
  text,
  describedBy,
  invalid,
  onChange,
}: {
  field: Extract<ElicitationField, { kind: 'choice' }>;
  id: string;
  text: string;
  describedBy: string | undefined;
  invalid: boolean;
  onChange: (value: FieldValue) => void;
}) {
  return (
    <select
      id={id}
      className={INPUT}
      value={text}
      onChange={(event) => onChange(event.target.value)}
      aria-describedby={describedBy}
      aria-invalid={invalid}
      aria-required={field.required}
    >
      {!field.required && <option value="">(none)</option>}
      {field.options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}

/** One field of the server's form, labelled, its description and error tied to it. */
export function ElicitationFieldControl({
  field,
  value,
  error,
  onChange,
}: {
  field: ElicitationField;
  value: FieldValue | undefined;
  error?: string;
  onChange: (value: FieldValue) => void;
}) {
  const id = `elicit-${field.name}`;
  const hint = [field.description, describeBounds(field)].filter(Boolean).join(' · ');
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  const label = (
    <>
      {field.label}
      {field.required && <span aria-hidden="true"> *</span>}
      {field.required && <span className="sr-only"> (required)</span>}
    </>
  );
  const text = typeof value === 'string' ? value : '';
  return (
    <div className="flex flex-col gap-1">
      {field.kind === 'boolean' ? (
        <label className="flex items-center gap-2">
          <input id={id} type="checkbox" checked={value === true} onChange={(event) => onChange(event.target.checked)} aria-describedby={describedBy} />
          {label}
        </label>
      ) : field.kind === 'choices' ? (
        <ChoicesField field={field} value={value} label={label} describedBy={describedBy} onChange={onChange} />
      ) : (
        <>
          <label htmlFor={id} className="font-medium">
            {label}
          </label>
          {field.kind === 'choice' ? (
            <ChoiceSelect field={field} id={id} text={text} describedBy={describedBy} invalid={error !== undefined} onChange={onChange} />
          ) : (
            <input
              id={id}
              className={INPUT}
              type={field.kind === 'number' ? 'number' : field.format === 'email' ? 'email' : 'text'}
              {...(field.kind === 'number' ? { min: field.minimum, max: field.maximum, step: field.integer ? 1 : 'any' } : {})}
              value={text}
              onChange={(event) => onChange(event.target.value)}
              aria-describedby={describedBy}
              aria-invalid={error !== undefined}
              aria-required={field.required}
            />
          )}
        </>
      )}
      {hint && (
        <span id={`${id}-hint`} className="text-xs">
          {hint}
        </span>
      )}
      {error && (
        <span id={`${id}-error`} role="alert" className="text-xs text-red-800 dark:text-red-300">
          {error}
        </span>
      )}
    </div>
  );
}
