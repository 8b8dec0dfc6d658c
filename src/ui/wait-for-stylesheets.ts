/**
 * The app's first render waits for the page's whole stylesheet: the built page paints its
 * shell from the shell's own rules and links the whole stylesheet only once it has painted
 * (vite-inline-stylesheet.ts), so an element of the app drawn before it arrives would show
 * unstyled. It is one local file asked for beside the app's scripts, so it has almost always
 * loaded before they have run. In development Vite injects the styles from the script and
 * the page links none: nothing to wait for.
 */

/** The longest the first render waits for a stylesheet that neither loads nor fails (a first paint here takes 0.1 to 0.6 s). */
const STYLESHEET_WAIT_MS = 5000;

function whenLoaded(link: HTMLLinkElement): Promise<void> {
  // A sheet is there once it has loaded; a failed one has none, and its error may have come already, so the wait is bounded.
  if (link.sheet) return Promise.resolve();
  return new Promise((resolve) => {
    link.addEventListener('load', () => resolve(), { once: true });
    link.addEventListener('error', () => resolve(), { once: true });
    setTimeout(resolve, STYLESHEET_WAIT_MS);
  });
}

/** Resolves once every stylesheet the page links has loaded or failed. */
export function whenStylesheetsLoaded(): Promise<void> {
  const links = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')];
  return Promise.all(links.map(whenLoaded)).then(() => undefined);
}
