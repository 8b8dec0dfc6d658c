import type { ReactNode } from 'react';
import { useLoadedModule, type ModuleLoader } from './use-loaded-module.ts';

/**
 * A view whose code is a chunk of its own (useLoadedModule, not lazy(): a Suspense boundary holds its content back
 * 300 ms after its placeholder): the view once its module has loaded, a line while it loads, and why not if it failed.
 * `what` names it in those lines ("the graph", "this view"); `className` spaces them as the place they stand in.
 */
export function ShownModule<T>({
  load,
  render,
  what,
  className,
}: {
  load: ModuleLoader<T>;
  render: (module: T) => ReactNode;
  what: string;
  className?: string;
}) {
  const loaded = useLoadedModule(load);
  const spaced = (classes: string) => (className ? `${className} ${classes}` : classes);
  switch (loaded.status) {
    case 'loaded':
      return render(loaded.module);
    case 'loading':
      return <p className={spaced('text-sm text-slate-500')}>Loading {what}…</p>;
    case 'failed':
      return (
        <p role="alert" className={spaced('text-sm text-red-700 dark:text-red-400')}>
          {what.charAt(0).toUpperCase() + what.slice(1)} could not be loaded ({loaded.message}). Check that the server is still running, then reload the page.
        </p>
      );
    default: {
      const unknown: never = loaded;
      return unknown;
    }
  }
}
