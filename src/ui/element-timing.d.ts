// Element Timing's attribute (https://wicg.github.io/element-timing/), which React passes through as it is but its types do not list.
import 'react';

declare module 'react' {
  // A merged interface must repeat React's own type parameter, used or not.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface HTMLAttributes<T> {
    elementtiming?: string;
  }
}
