import { FAULT_WORDS } from './fault-words.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { McpWatchdog } from './mcp-watchdog.ts';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date', 'performance'] });
});
afterEach(() => {
  vi.useRealTimers();
});

/** A watched request, and what its signal said when it aborted. */
function watch(timeoutMs: number) {
  const watchdog = new McpWatchdog(timeoutMs, () => 'execution', FAULT_WORDS.page);
  const signal = watchdog.begin('during tools/call', 'http://127.0.0.1:3000/mcp');
  return { watchdog, signal };
}

describe('McpWatchdog', () => {
  it('stops a request after the whole silence, with a fault that names the server and the request', () => {
    const { watchdog, signal } = watch(10_000);
    watchdog.noteActivity();
    vi.advanceTimersByTime(9_999);
    expect(signal.aborted).toBe(false);
    vi.advanceTimersByTime(1);
    expect(signal.aborted).toBe(true);
    expect(watchdog.fault?.fault.what).toBe('The MCP server at http://127.0.0.1:3000/mcp stopped answering during tools/call.');
    expect(watchdog.fault?.phase).toBe('execution');
  });

  it('counts the silence from the last message: activity just before the time is up gives the request the whole time again', () => {
    const { watchdog, signal } = watch(10_000);
    watchdog.noteActivity();
    for (let second = 1; second <= 30; second++) {
      vi.advanceTimersByTime(1_000);
      watchdog.noteActivity();
    }
    expect(signal.aborted).toBe(false);
    vi.advanceTimersByTime(9_999);
    expect(signal.aborted).toBe(false);
    vi.advanceTimersByTime(1);
    expect(signal.aborted).toBe(true);
  });

  it('keeps one timer however many messages arrive', () => {
    const { watchdog } = watch(10_000);
    for (let message = 0; message < 500; message++) watchdog.noteActivity();
    expect(vi.getTimerCount()).toBe(1);
    watchdog.end();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('does not fire for a request that ended, nor for activity noted before any request began', () => {
    const idle = new McpWatchdog(1_000, () => 'discovery', FAULT_WORDS.page);
    idle.noteActivity();
    expect(vi.getTimerCount()).toBe(0);
    const { watchdog, signal } = watch(1_000);
    watchdog.noteActivity();
    watchdog.end();
    vi.advanceTimersByTime(5_000);
    expect(signal.aborted).toBe(false);
    expect(watchdog.fault).toBeNull();
  });
});
