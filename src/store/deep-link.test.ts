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
});
