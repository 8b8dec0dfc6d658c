/**
 * Code that runs inside the page (passed to page.evaluate or addInitScript, so each
 * function is self-contained: no imports, no outer variables).
 */

/** The first contentful paint's start, in ms since navigation start; waits for it when it has not happened yet. */
export function readFirstContentfulPaint(): Promise<number> {
  return new Promise((resolve) => {
    new PerformanceObserver((list, observer) => {
      const entry = list.getEntriesByName('first-contentful-paint')[0];
      if (!entry) return;
      observer.disconnect();
      resolve(entry.startTime);
    }).observe({ type: 'paint', buffered: true });
  });
}

/**
 * Installed before the app loads: clicks Next the moment it exists and is enabled, then
 * notes when the inspector shows step 1 and when the browser painted it. The paint is
 * read two ways. `renderedAt` is the Element Timing of step 1's title, under the name the
 * app gives it (else the probe names it as the title enters the page, before its frame):
 * the time the browser presented that frame, on the clock and by the definition of the
 * first contentful paint it is compared with. `paintedAt` is the old mark, a task posted
 * from the frame's requestAnimationFrame: it runs only after the tasks already queued,
 * which the screen does not wait for. `appRenderedAt` is the app's own inspector presenting
 * the step, after the shell's. `painted` resolves once all are in, so the bench
 * can await it over the DevTools protocol alone: Playwright's waitForFunction injects its
 * own script into the page, about 40 ms of main thread on these machines, which landed
 * between the press and its step.
 */
export function installNextProbe(): void {
  type Painted = { pressedAt: number; paintedAt: number; renderedAt: number; appRenderedAt: number };
  type Probe = { pressedAt?: number; shownAt?: number; paintedAt?: number; renderedAt?: number; appRenderedAt?: number; painted?: Promise<Painted> };
  const probe: Probe = {};
  let reportPainted: (painted: Painted) => void = () => {};
  probe.painted = new Promise((resolve) => (reportPainted = resolve));
  (window as unknown as { __nextProbe: Probe }).__nextProbe = probe;
  const report = () => {
    if (probe.pressedAt === undefined || probe.paintedAt === undefined || probe.renderedAt === undefined || probe.appRenderedAt === undefined) return;
    reportPainted({ pressedAt: probe.pressedAt, paintedAt: probe.paintedAt, renderedAt: probe.renderedAt, appRenderedAt: probe.appRenderedAt });
  };
  // The title's own Element Timing name when the app gives it one (the app waits for it too), else one of the probe's. The
  // first entry under it is step 1 shown (by index.html's shell, when its Next was pressed before the app ran); the first
  // whose element is not the shell's is the app's own inspector drawing it.
  let identifier: string | undefined;
  new PerformanceObserver((list, observer) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { identifier?: string; element?: Element | null })[]) {
      if (identifier === undefined || entry.identifier !== identifier) continue;
      // renderTime is the presentation time; startTime is the same, or loadTime where renderTime is withheld.
      probe.renderedAt ??= entry.startTime;
      if (probe.appRenderedAt === undefined && entry.element && !entry.element.closest('[data-shell-step]')) probe.appRenderedAt = entry.startTime;
    }
    if (probe.appRenderedAt === undefined) return;
    observer.disconnect();
    report();
  }).observe({ type: 'element', buffered: true });
  const findNext = () => [...document.querySelectorAll('button')].find((button) => /^Next\b/.test(button.textContent ?? ''));
  const check = () => {
    if (probe.pressedAt === undefined) {
      const button = findNext();
      if (button && !button.disabled) {
        probe.pressedAt = performance.now();
        button.click();
      }
    }
    const title = probe.pressedAt === undefined ? null : document.querySelector('[data-testid="inspector"][data-n="1"] [data-testid="inspector-title"]');
    if (title && probe.shownAt === undefined) {
      probe.shownAt = performance.now();
      observer.disconnect();
      // A mutation observer's callback runs before the frame that paints the change, so the title is timed from its first paint.
      identifier = title.getAttribute('elementtiming') ?? 'first-step';
      title.setAttribute('elementtiming', identifier);
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          probe.paintedAt = performance.now();
          report();
        };
        channel.port2.postMessage(null);
      });
    }
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-n', 'disabled'] });
}

/**
 * Presses Next (a keydown of ArrowRight, as the keyboard sends it) `count` times and
 * times each press in the page: from the dispatch until the inspector shows the next
 * step number and the frame that shows it has been painted. A short pause between
 * presses lets each start from a quiet page. Returns the times, in ms.
 */
export async function timeNextPresses(count: number): Promise<number[]> {
  const readShown = () => Number(document.querySelector('[data-testid="inspector"]')?.getAttribute('data-n') ?? 0);
  const waitForShown = (expected: number) =>
    new Promise<void>((resolve, reject) => {
      if (readShown() === expected) return resolve();
      const timer = setTimeout(() => {
        observer.disconnect();
        reject(new Error(`Step ${expected} did not show within 10 s of pressing Next.`));
      }, 10_000);
      const observer = new MutationObserver(() => {
        if (readShown() !== expected) return;
        clearTimeout(timer);
        observer.disconnect();
        resolve();
      });
      observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-n'] });
    });
  const waitForPaint = () =>
    new Promise<void>((resolve) => {
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve();
        channel.port2.postMessage(null);
      });
    });
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const times: number[] = [];
  for (let press = 0; press < count; press++) {
    const expected = readShown() + 1;
    const started = performance.now();
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true, cancelable: true }));
    await waitForShown(expected);
    await waitForPaint();
    times.push(performance.now() - started);
    await pause(20);
  }
  return times;
}

/**
 * Frame times while a message travels: presses Next, then records the intervals between
 * animation frames for `windowMs` (the travel takes 0.9 s), `presses` times over.
 */
export async function collectFrameTimes({ presses, windowMs }: { presses: number; windowMs: number }): Promise<number[]> {
  const deltas: number[] = [];
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  for (let press = 0; press < presses; press++) {
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true, cancelable: true }));
    const started = performance.now();
    await new Promise<void>((resolve) => {
      let previous: number | undefined;
      const onFrame = (time: number) => {
        if (previous !== undefined) deltas.push(time - previous);
        previous = time;
        if (time - started < windowMs) requestAnimationFrame(onFrame);
        else resolve();
      };
      requestAnimationFrame(onFrame);
    });
    await pause(200);
  }
  return deltas;
}

/**
 * Scrolls every scrollable box of the inspector to its end (down and across) and times it
 * until that frame has been painted. Returns the time in ms and how far it went.
 */
export async function timeScrollToEnd(): Promise<{ ms: number; scrolledPixels: number }> {
  const inspector = document.querySelector('[data-testid="inspector"]');
  if (!inspector) throw new Error('No inspector on the page.');
  const boxes = [inspector, ...inspector.querySelectorAll('*')].filter((element) => {
    const style = getComputedStyle(element);
    const scrollsDown = element.scrollHeight > element.clientHeight + 1 && /auto|scroll/.test(style.overflowY);
    const scrollsAcross = element.scrollWidth > element.clientWidth + 1 && /auto|scroll/.test(style.overflowX);
    return scrollsDown || scrollsAcross;
  });
  const started = performance.now();
  let scrolledPixels = 0;
  for (const box of boxes) {
    scrolledPixels += box.scrollHeight - box.clientHeight + (box.scrollWidth - box.clientWidth);
    box.scrollTop = box.scrollHeight;
    box.scrollLeft = box.scrollWidth;
  }
  await new Promise<void>((resolve) => {
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve();
      channel.port2.postMessage(null);
    });
  });
  return { ms: performance.now() - started, scrolledPixels };
}

/** Starts noting main-thread tasks over 50 ms (long tasks); read them with readLongestTask. */
export function startLongTaskWatch(): void {
  const durations: number[] = [];
  (window as unknown as { __longTasks: number[] }).__longTasks = durations;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) durations.push(entry.duration);
  }).observe({ type: 'longtask' });
}

export function readLongestTask(): number {
  const durations = (window as unknown as { __longTasks?: number[] }).__longTasks ?? [];
  return durations.length > 0 ? Math.max(...durations) : 0;
}
