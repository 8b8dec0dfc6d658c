import { describe, expect, it } from 'vitest';
import { formatDeepLink, readDeepLink } from './deep-link.ts';

describe('deep links', () => {
  it('reads a link to a step of a built-in scenario', () => {
    expect(readDeepLink('?scenario=two-rounds&era=2026-07-28&wire=anthropic&step=12&round=2')).toEqual({
      scenarioId: 'two-rounds',
      era: '2026-07-28',
      wire: 'anthropic',
      step: 12,
      round: 2,
    });
  });

  it('ignores what it does not know, and refuses an unknown scenario', () => {
    expect(readDeepLink('?scenario=nope&step=3')).toBeNull();
    expect(readDeepLink('?scenario=happy-path&era=1999&wire=telepathy&step=99')).toEqual({ scenarioId: 'happy-path', round: 1 });
  });

  it('writes links that read back the same, with no key or other setting in them', () => {
    const link = { scenarioId: 'sessions', era: '2025-11-25' as const, wire: 'gemini', step: 16, round: 1 };
    const url = formatDeepLink(link, 'http://127.0.0.1:3000/?apiKey=secret#x');
    expect(url).toBe('http://127.0.0.1:3000/?scenario=sessions&era=2025-11-25&wire=gemini&step=16');
    expect(readDeepLink(new URL(url).search)).toEqual(link);
  });

  it('carries Streamed or Whole for the mock as stream=1 or stream=0, and ignores any other value', () => {
    expect(readDeepLink('?scenario=happy-path&stream=1')).toEqual({ scenarioId: 'happy-path', round: 1, stream: true });
    expect(readDeepLink('?scenario=happy-path&stream=0')).toEqual({ scenarioId: 'happy-path', round: 1, stream: false });
    expect(readDeepLink('?scenario=happy-path&stream=yes')).toEqual({ scenarioId: 'happy-path', round: 1 });
    const url = formatDeepLink({ scenarioId: 'happy-path', step: 9, round: 1, stream: true }, 'http://127.0.0.1:3000/');
    expect(url).toBe('http://127.0.0.1:3000/?scenario=happy-path&step=9&stream=1');
  });
});
