import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ERAS } from '../trace/vocabulary.ts';
import { useServer } from '../../tests/helpers/use-server.ts';
import { reset } from './actions.ts';
import { describeStepForLink, findLinkedStepIndex, formatDeepLink, openDeepLink, readDeepLink, useOpenedLink, type DeepLink } from './deep-link.ts';
import { describeRefusedLinkParts } from './link-refusals.ts';
import type { Step } from '../trace/trace.ts';
import { useLinkOpening } from './link-opening.ts';
import { selectCurrentStep, useExplorerStore } from './explorer-store.ts';

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
    expect(readDeepLink('?scenario=happy-path&era=1999&wire=telepathy&step=99&model=psychic')).toEqual({ scenarioId: 'happy-path', round: 1 });
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

  it('names a step with no canonical number by its id, and a step that comes again in its round by which time it is', () => {
    expect(readDeepLink('?scenario=sampling&step=14&occurrence=2')).toEqual({ scenarioId: 'sampling', step: 14, round: 1, occurrence: 2 });
    expect(readDeepLink('?scenario=happy-path&step=mcp.initialize.request')).toEqual({ scenarioId: 'happy-path', stepId: 'mcp.initialize.request', round: 1 });
    expect(readDeepLink('?scenario=happy-path&step=no.such-step&occurrence=0')).toEqual({ scenarioId: 'happy-path', round: 1 });
    const link: DeepLink = { scenarioId: 'authorization', stepId: 'mcp.initialize.request', round: 1, occurrence: 2 };
    const url = formatDeepLink(link, 'http://127.0.0.1:3000/');
    expect(url).toBe('http://127.0.0.1:3000/?scenario=authorization&step=mcp.initialize.request&occurrence=2');
    expect(readDeepLink(new URL(url).search)).toEqual(link);
  });

  it('says what of an address it cannot take: an unknown scenario or era, auto, a long value cut short', () => {
    expect(describeRefusedLinkParts('?scenario=happy-path&era=2026-07-28&step=3')).toBeNull();
    expect(describeRefusedLinkParts('?era=2026-07-28')).toBeNull();
    expect(describeRefusedLinkParts('?era=auto')).toContain('is for an MCP server named by URL, and a link opens the built-in one');
    expect(describeRefusedLinkParts(`?scenario=${'x'.repeat(300)}`)).toContain(`“${'x'.repeat(40)}…”`);
  });

  it('describes each step of a run as a link finds it again: number or id, round, and the time it comes there', () => {
    const at = (id: string, canonical: number | null, iteration = 1) => ({ id, canonical, iteration }) as Step;
    const steps = [
      at('mcp.initialize.request', null),
      at('server.validate-arguments', 14),
      at('mcp.server-request', null),
      at('server.validate-arguments', 14),
      at('server.validate-arguments', 14, 2),
      at('mcp.initialize.request', null),
    ];
    expect(steps.map((_, index) => describeStepForLink(steps, index))).toEqual([
      { stepId: 'mcp.initialize.request', round: 1 },
      { step: 14, round: 1 },
      { stepId: 'mcp.server-request', round: 1 },
      { step: 14, round: 1, occurrence: 2 },
      { step: 14, round: 2 },
      { stepId: 'mcp.initialize.request', round: 1, occurrence: 2 },
    ]);
    expect(steps.map((_, index) => findLinkedStepIndex(steps, describeStepForLink(steps, index)!))).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('carries the learner’s own question and a real provider, but not the scenario’s own question', () => {
    const link: DeepLink = {
      scenarioId: 'happy-path',
      era: '2026-07-28',
      wire: 'anthropic',
      step: 8,
      round: 1,
      question: 'What is 2 & 3? #?',
      modelKind: 'real',
    };
    const url = formatDeepLink(link, 'http://127.0.0.1:3000/');
    expect(url).not.toMatch(/key/i);
    expect(readDeepLink(new URL(url).search)).toEqual(link);
    const ownQuestion = formatDeepLink({ scenarioId: 'happy-path', round: 1, question: 'What is 5 plus 7?' }, 'http://127.0.0.1:3000/');
    expect(ownQuestion).toBe('http://127.0.0.1:3000/?scenario=happy-path');
  });
});

/** Opens links in the store against the real server, as the page does, and checks the step on show. */
describe('opening a link shows exactly the step it names', () => {
  const server = useServer();
  beforeAll(() => {
    // The store finds the built-in server (and the mock model) under the page's address.
    vi.stubGlobal('location', { href: `${server.url}/` });
  });
  afterAll(() => {
    reset();
    vi.unstubAllGlobals();
  });

  const shownAfterOpening = async (link: DeepLink) => {
    const opened = await openDeepLink(link);
    const step = selectCurrentStep(useExplorerStore.getState());
    return { outcome: opened.outcome, canonical: step?.canonical, round: step?.iteration, id: step?.id };
  };

  for (const era of ERAS) {
    it(`every step 1 to 20 of the default scenario, era ${era}`, { timeout: 120_000 }, async () => {
      for (let step = 1; step <= 20; step++) {
        expect(await shownAfterOpening({ scenarioId: 'happy-path', era, step, round: 1 }), `step ${step}`).toMatchObject({
          outcome: 'shown',
          canonical: step,
          round: 1,
        });
      }
    });
  }

  it('the bad-arguments lesson’s step 14 (the validation that says no), and round 2 of two-rounds', { timeout: 60_000 }, async () => {
    expect(await shownAfterOpening({ scenarioId: 'bad-arguments', step: 14, round: 1 })).toMatchObject({
      outcome: 'shown',
      canonical: 14,
      round: 1,
      id: 'server.validate-arguments',
    });
    expect(await shownAfterOpening({ scenarioId: 'two-rounds', step: 15, round: 2 })).toMatchObject({ outcome: 'shown', canonical: 15, round: 2 });
  });

  it(
    'the occurrence copied: sampling’s second step 14 (the validation once the server has the model’s answer), a handshake step, a consent step',
    { timeout: 90_000 },
    async () => {
      const opened = await openDeepLink({ scenarioId: 'sampling', era: '2025-11-25', step: 14, round: 1, occurrence: 2 });
      const shown = selectCurrentStep(useExplorerStore.getState());
      expect(opened.outcome).toBe('shown');
      expect(shown).toMatchObject({ canonical: 14, id: 'server.validate-arguments' });
      // The first step 14 came before the server asked for sampling; the one on show after its answer.
      const steps = useExplorerStore.getState().steps;
      const answerIndex = steps.findIndex((step) => step.id === 'mcp.server-request.answer');
      expect(answerIndex).toBeGreaterThan(0);
      expect(steps.indexOf(shown!)).toBeGreaterThan(answerIndex);
      expect(steps.filter((step) => step.canonical === 14)).toHaveLength(2);

      expect(await shownAfterOpening({ scenarioId: 'happy-path', era: '2025-11-25', stepId: 'mcp.initialized.notification', round: 1 })).toMatchObject({
        outcome: 'shown',
        canonical: null,
        id: 'mcp.initialized.notification',
      });
      expect(await shownAfterOpening({ scenarioId: 'consent', era: '2025-11-25', stepId: 'user.consent', round: 1 })).toMatchObject({
        outcome: 'shown',
        id: 'user.consent',
      });
      expect(await shownAfterOpening({ scenarioId: 'sampling', era: '2025-11-25', stepId: 'mcp.session.delete', round: 1 })).toMatchObject({
        outcome: 'shown',
        id: 'mcp.session.delete',
      });
    },
  );

  it('a step its round went without shows the same step of the next round that has it, and says so', { timeout: 60_000 }, async () => {
    // bad-arguments: the server refuses round 1's arguments, so its handler (step 15) runs in round 2 only.
    expect(await shownAfterOpening({ scenarioId: 'bad-arguments', step: 15, round: 1 })).toMatchObject({
      outcome: 'in-later-round',
      canonical: 15,
      round: 2,
      id: 'server.execute',
    });
    expect(useOpenedLink.getState().opened).toMatchObject({ outcome: 'in-later-round', round: 2 });
  });

  it('a step the run never reaches shows its last step and says so', { timeout: 60_000 }, async () => {
    expect(await shownAfterOpening({ scenarioId: 'no-tool', step: 14, round: 1 })).toMatchObject({ outcome: 'not-in-this-run', canonical: 20 });
  });

  it('holds the views while the run is performed, and lets them go in the change that has the step on show', { timeout: 60_000 }, async () => {
    const seen: { opening: boolean; canonical: number | null | undefined }[] = [];
    const unsubscribe = useLinkOpening.subscribe((state) =>
      seen.push({ opening: state.opening !== null, canonical: selectCurrentStep(useExplorerStore.getState())?.canonical }),
    );
    const opened = openDeepLink({ scenarioId: 'happy-path', step: 12, round: 1 });
    expect(useLinkOpening.getState().opening).toEqual({ step: 12, round: 1 });
    await opened;
    unsubscribe();
    expect(useLinkOpening.getState().opening).toBeNull();
    expect(seen[0]).toEqual({ opening: true, canonical: undefined });
    // No change lets the views go at a step on the way.
    expect(new Set(seen.filter((change) => !change.opening).map((change) => change.canonical))).toEqual(new Set([12]));
  });

  it('a step past the provider’s approval request stops at that gate, for the learner to answer, and says so', { timeout: 60_000 }, async () => {
    // Next does not answer the provider's approval: the link cannot perform the run past it.
    expect(await shownAfterOpening({ scenarioId: 'provider-mcp', step: 12, round: 1 })).toMatchObject({ outcome: 'at-gate', id: 'host.ask-mcp-approval' });
    expect(useExplorerStore.getState().pending?.id).toBe('user.mcp-approval');
    expect(useLinkOpening.getState().opening).toBeNull();
    // Steps before the gate are shown as any other.
    expect(await shownAfterOpening({ scenarioId: 'provider-mcp', step: 3, round: 1 })).toMatchObject({
      outcome: 'shown',
      canonical: 3,
      id: 'provider.reported.tools-list.request',
    });
  });

  it('the learner’s question is the one asked', { timeout: 60_000 }, async () => {
    await openDeepLink({ scenarioId: 'happy-path', step: 1, round: 1, question: 'What is 2 plus 3?' });
    const state = useExplorerStore.getState();
    expect(state.runQuestion).toBe('What is 2 plus 3?');
    expect(selectCurrentStep(state)?.payload).toMatchObject({ question: 'What is 2 plus 3?' });
  });
});

describe('the authorization sandbox’s failure switch in a link', () => {
  it('reads fault=NAME for the authorization scenario only, and writes it back', () => {
    expect(readDeepLink('?scenario=authorization&fault=pkce-mismatch')).toMatchObject({ scenarioId: 'authorization', authFault: 'pkce-mismatch' });
    expect(readDeepLink('?scenario=authorization&fault=no-such')).not.toHaveProperty('authFault');
    expect(readDeepLink('?scenario=happy-path&fault=pkce-mismatch')).not.toHaveProperty('authFault');
    const url = formatDeepLink({ scenarioId: 'authorization', round: 1, authFault: 'expired-token' }, 'http://127.0.0.1:3000/');
    expect(new URL(url).searchParams.get('fault')).toBe('expired-token');
  });
});
