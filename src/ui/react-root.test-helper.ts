import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach } from 'vitest';

// React runs effects and state updates inside act() only when told it is under test.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/**
 * A React root in a fresh element of the jsdom page before each test of the file, unmounted
 * and removed after it. Read `container` and `root` inside a test.
 */
export function mountRootForEachTest(): { readonly container: HTMLDivElement; readonly root: Root } {
  let mounted: { container: HTMLDivElement; root: Root } | null = null;
  beforeEach(() => {
    const container = document.createElement('div');
    document.body.append(container);
    mounted = { container, root: createRoot(container) };
  });
  afterEach(() => {
    const { container, root } = mounted!;
    act(() => root.unmount());
    container.remove();
    mounted = null;
  });
  const read = () => {
    if (!mounted) throw new Error('The root exists only while a test runs.');
    return mounted;
  };
  return {
    get container() {
      return read().container;
    },
    get root() {
      return read().root;
    },
  };
}
