import type { ReactNode } from 'react';

/**
 * The box that keeps a secret (a model key, a server's headers) past the page's close, and beside it where that secret
 * goes and where it never goes: one pattern for every secret the settings take, so the promise reads the same for each.
 */
export function RememberOnDevice({
  label,
  checked,
  onChange,
  children,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
}) {
  return (
    <>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
        {label}
      </label>
      <p className="text-xs text-slate-500">{children}</p>
    </>
  );
}
