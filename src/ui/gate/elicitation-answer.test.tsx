// @vitest-environment jsdom
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ElicitationAnswer } from './elicitation-answer.tsx';
import { mountRootForEachTest } from '../react-root.test-helper.ts';

/**
 * The URL-mode elicitation gate in the page gates the address again before it offers to
 * open it (the host gated it before asking): an address the URL gate refuses gets no Open
 * button and says why; one it passes opens, with no opener, as the gate wrote it.
 */

const mounted = mountRootForEachTest();

afterEach(() => {
  vi.restoreAllMocks();
});

function show(url: string): void {
  act(() => mounted.root.render(<ElicitationAnswer asked={{ message: 'Open this page to sign in.', url }} />));
}

const openButton = () => [...mounted.container.querySelectorAll('button')].find((button) => button.textContent === 'Open');

describe('the URL-mode elicitation gate', () => {
  it.each([
    ['javascript:alert(document.domain)', 'its scheme is javascript:'],
    ['data:text/html,<script>alert(1)</script>', 'its scheme is data:'],
    ['https://trusted.example@evil.example/login', 'user name or password'],
    ['http://evil.example/login', 'plain http to evil.example'],
    ['https://example.com/\u202egpj.exe', 'control or direction characters'],
    ['https://example.com/login ', 'spaces'],
  ])('offers no Open for %j and says what the URL gate found', (url, found) => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    show(url);
    expect(openButton()).toBeUndefined();
    expect(mounted.container.querySelector('[role="alert"]')?.textContent).toContain(found);
    // The address is shown as text, whole, for the learner to read.
    expect(mounted.container.querySelector('[data-testid="elicitation-url-text"]')?.textContent).toBe(url);
    expect(open).not.toHaveBeenCalled();
  });

  it('opens an https address as the gate wrote it, in a new tab with no opener and no referrer', () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    show('HTTPS://Auth.Example.com/login?session=1');
    expect(mounted.container.querySelector('[role="alert"]')).toBeNull();
    act(() => openButton()!.click());
    expect(open).toHaveBeenCalledWith('https://auth.example.com/login?session=1', '_blank', 'noopener,noreferrer');
  });
});
