import type { Step } from '../trace/index.ts';
import { readJsonField } from './read-json-field.ts';

/**
 * The era twin view: one question run under two eras, step beside step. Steps are
 * aligned by their stable ids (the longest common subsequence, so the shared story
 * lines up and each era's own steps sit alone in their row), then each pair is read
 * for what differs on the wire: MCP headers, JSON-RPC ids, `_meta` claims.
 */
export type AlignedRow = {
  left: Step | null;
  right: Step | null;
  differences: string[];
};

/** Why a step exists in one era only, by id. */
const ERA_ONLY_REASONS: Record<string, string> = {
  'mcp.initialize.request': '2025-11-25 opens with the initialize handshake; 2026-07-28 has none (each request carries its own claims in _meta).',
  'mcp.initialize.response': 'The handshake answer (server capabilities, the session) exists only in 2025-11-25.',
  'mcp.initialized.notification': 'notifications/initialized closes the 2025-11-25 handshake; 2026-07-28 has no handshake to close.',
  'mcp.stream.open': 'The GET stream for server-to-client messages belongs to the 2025-11-25 session; 2026-07-28 answers inside each request.',
  'mcp.session.delete': 'DELETE ends a 2025-11-25 session; 2026-07-28 keeps no session.',
  'mcp.discover.request': 'server/discover is how 2026-07-28 learns what the server offers, in place of initialize.',
  'mcp.discover.response': "The server's discover answer (versions, capabilities) exists only in 2026-07-28.",
};

const WATCHED_HEADERS = ['mcp-protocol-version', 'mcp-session-id', 'mcp-method', 'mcp-name', 'last-event-id'] as const;

/** Pairs of indices of the longest common subsequence of the two id lists. */
function pairCommonIds(left: readonly string[], right: readonly string[]): [number, number][] {
  const lengths = Array.from({ length: left.length + 1 }, () => new Array<number>(right.length + 1).fill(0));
  for (let i = left.length - 1; i >= 0; i--) {
    for (let j = right.length - 1; j >= 0; j--) {
      lengths[i]![j] = left[i] === right[j] ? lengths[i + 1]![j + 1]! + 1 : Math.max(lengths[i + 1]![j]!, lengths[i]![j + 1]!);
    }
  }
  const pairs: [number, number][] = [];
  let i = 0;
  let j = 0;
  while (i < left.length && j < right.length) {
    if (left[i] === right[j]) {
      pairs.push([i, j]);
      i++;
      j++;
    } else if (lengths[i + 1]![j]! >= lengths[i]![j + 1]!) i++;
    else j++;
  }
  return pairs;
}

function readHeader(step: Step, name: string): string | undefined {
  const headers = step.http?.requestHeaders;
  if (!headers) return undefined;
  return Object.entries(headers).find(([header]) => header.toLowerCase() === name)?.[1];
}

/** The `_meta` keys a message carries, at its top, in params and in result. */
function listMetaKeys(payload: unknown): string[] {
  return [payload, readJsonField(payload, 'params'), readJsonField(payload, 'result')].flatMap((part) => {
    const meta = readJsonField(part, '_meta');
    return typeof meta === 'object' && meta !== null && !Array.isArray(meta) ? Object.keys(meta) : [];
  });
}

/** What differs on the wire between the same step in the two runs, in words. */
export function nameStepDifferences({ left, right, leftLabel, rightLabel }: { left: Step; right: Step; leftLabel: string; rightLabel: string }): string[] {
  const differences: string[] = [];
  if (left.http && right.http) {
    for (const name of WATCHED_HEADERS) {
      const a = readHeader(left, name);
      const b = readHeader(right, name);
      if (a === b) continue;
      if (a === undefined) differences.push(`${rightLabel} sends the ${name} header (${b}); ${leftLabel} does not.`);
      else if (b === undefined) differences.push(`${leftLabel} sends the ${name} header (${a}); ${rightLabel} does not.`);
      else if (name !== 'mcp-session-id') differences.push(`${name} is ${a} in ${leftLabel}, ${b} in ${rightLabel}.`);
    }
  }
  const leftId = readJsonField(left.payload, 'id');
  const rightId = readJsonField(right.payload, 'id');
  if (leftId !== undefined && rightId !== undefined && leftId !== rightId) {
    differences.push(
      `The JSON-RPC id is ${JSON.stringify(leftId)} in ${leftLabel}, ${JSON.stringify(rightId)} in ${rightLabel}: ids count the requests of a connection, and the handshake used some.`,
    );
  }
  const leftMeta = new Set(listMetaKeys(left.payload));
  const rightMeta = new Set(listMetaKeys(right.payload));
  const onlyRight = [...rightMeta].filter((key) => !leftMeta.has(key));
  const onlyLeft = [...leftMeta].filter((key) => !rightMeta.has(key));
  if (onlyRight.length) differences.push(`${rightLabel} carries _meta ${onlyRight.join(', ')}; ${leftLabel} does not.`);
  if (onlyLeft.length) differences.push(`${leftLabel} carries _meta ${onlyLeft.join(', ')}; ${rightLabel} does not.`);
  return differences;
}

/** The two runs' steps side by side: shared steps in one row with what differs, each era's own steps alone with why. */
export function alignTraces({
  left,
  right,
  leftLabel,
  rightLabel,
}: {
  left: readonly Step[];
  right: readonly Step[];
  leftLabel: string;
  rightLabel: string;
}): AlignedRow[] {
  const pairs = pairCommonIds(
    left.map((step) => step.id),
    right.map((step) => step.id),
  );
  const rows: AlignedRow[] = [];
  let i = 0;
  let j = 0;
  const alone = (step: Step, label: string): string[] => [`Only in ${label}. ${ERA_ONLY_REASONS[step.id] ?? 'The other run has no step of this kind here.'}`];
  for (const [pairLeft, pairRight] of [...pairs, [left.length, right.length] as [number, number]]) {
    for (; i < pairLeft; i++) rows.push({ left: left[i]!, right: null, differences: alone(left[i]!, leftLabel) });
    for (; j < pairRight; j++) rows.push({ left: null, right: right[j]!, differences: alone(right[j]!, rightLabel) });
    if (pairLeft < left.length && pairRight < right.length) {
      rows.push({
        left: left[pairLeft]!,
        right: right[pairRight]!,
        differences: nameStepDifferences({ left: left[pairLeft]!, right: right[pairRight]!, leftLabel, rightLabel }),
      });
      i = pairLeft + 1;
      j = pairRight + 1;
    }
  }
  return rows;
}
