import { Component, Fragment, type ReactNode } from 'react';

type ViewBoundaryProps = { view: string; children: ReactNode };
type ViewBoundaryState = { message: string | null; attempt: number };

/**
 * Keeps one view's failure in that view. Without it React unmounts the whole page when
 * any component throws, and the run on show is lost with it; here the view says what
 * failed and "Try again" mounts it afresh (a new key), the store and the other views untouched.
 */
export class ViewBoundary extends Component<ViewBoundaryProps, ViewBoundaryState> {
  override state: ViewBoundaryState = { message: null, attempt: 0 };

  static getDerivedStateFromError(error: unknown): Partial<ViewBoundaryState> {
    return { message: error instanceof Error ? error.message : String(error) };
  }

  override render(): ReactNode {
    const { message, attempt } = this.state;
    if (message === null) return <Fragment key={attempt}>{this.props.children}</Fragment>;
    return (
      <div
        role="alert"
        className="m-2 rounded border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
        data-testid="view-error"
      >
        <p>
          The {this.props.view} could not be shown ({message}). The rest of the explorer and the run on show are unaffected. Try again; if it fails again,
          export the trace and report it.
        </p>
        <button
          type="button"
          className="mt-2 rounded border border-red-400 px-2 py-0.5 text-xs hover:bg-red-100 dark:border-red-700 dark:hover:bg-red-900"
          onClick={() => this.setState({ message: null, attempt: attempt + 1 })}
        >
          Try again
        </button>
      </div>
    );
  }
}
