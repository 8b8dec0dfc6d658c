/**
 * The rules Chrome DevTools applies when it imports a HAR (Network panel, Import HAR file),
 * as its reader states them in ChromeDevTools/devtools-frontend,
 * front_end/models/har/HARFormat.ts and front_end/models/har/Importer.ts (read at commit
 * 35f5a01d816a1535866303da2b6d037677ef30b2). HARFormat throws, and the import fails, when:
 * an object it reads is not an object (HARBase's constructor), log.entries is not an array,
 * a date does not parse (safeDate), or a number it needs is NaN (safeNumber). The Importer
 * then reads a timing below 0 as "did not happen", looks the custom _resourceType up by
 * name, groups entries by pageref and sorts them by startedDateTime. This is a restatement
 * of those rules for a test, returning each broken one instead of stopping at the first.
 */
type Problems = string[];

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** DevTools' ResourceType names (front_end/core/common/ResourceType.ts): an unknown _resourceType falls back to the MIME type. */
const RESOURCE_TYPES = new Set([
  'xhr',
  'fetch',
  'eventsource',
  'document',
  'stylesheet',
  'image',
  'media',
  'font',
  'script',
  'texttrack',
  'websocket',
  'manifest',
  'other',
  'wasm',
  'webbundle',
  'ping',
  'preflight',
  'csp-violation-report',
  'signed-exchange',
  'prefetch',
  'fedcm',
]);

function requireObject(problems: Problems, path: string, value: unknown): value is Record<string, unknown> {
  if (isObject(value)) return true;
  problems.push(`${path}: not an object ("First parameter is expected to be an object")`);
  return false;
}

function requireDate(problems: Problems, path: string, value: unknown): void {
  if (Number.isNaN(new Date(typeof value === 'string' || typeof value === 'number' ? value : Number.NaN).getTime()))
    problems.push(`${path}: "Invalid date format"`);
}

function requireNumber(problems: Problems, path: string, value: unknown, optional = false): void {
  if (optional && value === undefined) return;
  if (Number.isNaN(Number(value))) problems.push(`${path}: "Casting to number results in NaN"`);
}

function readTimings(problems: Problems, path: string, timings: unknown): void {
  if (!requireObject(problems, path, timings)) return;
  for (const name of ['send', 'wait', 'receive']) requireNumber(problems, `${path}.${name}`, timings[name]);
  for (const name of ['blocked', 'dns', 'connect', 'ssl']) {
    requireNumber(problems, `${path}.${name}`, timings[name], true);
    // Importer.setupTiming: a part below 0 did not happen; HAR writes that as -1, and any other negative is a mistake.
    if (typeof timings[name] === 'number' && timings[name] < 0 && timings[name] !== -1) problems.push(`${path}.${name}: negative but not -1`);
  }
  for (const name of ['send', 'wait', 'receive'])
    if (typeof timings[name] === 'number' && timings[name] < 0) problems.push(`${path}.${name}: below 0, DevTools would draw it as not happened`);
}

function readMessage(problems: Problems, path: string, message: unknown, numbers: string[]): Record<string, unknown> | undefined {
  if (!requireObject(problems, path, message)) return undefined;
  for (const name of numbers) requireNumber(problems, `${path}.${name}`, message[name]);
  for (const list of ['headers', 'cookies']) {
    const items = message[list];
    if (Array.isArray(items)) items.forEach((item, index) => requireObject(problems, `${path}.${list}[${index}]`, item));
  }
  return message;
}

function readEntry(problems: Problems, path: string, entry: unknown, pageIds: Set<string>): void {
  if (!requireObject(problems, path, entry)) return;
  requireDate(problems, `${path}.startedDateTime`, entry.startedDateTime);
  requireNumber(problems, `${path}.time`, entry.time);
  const request = readMessage(problems, `${path}.request`, entry.request, ['headersSize', 'bodySize']);
  if (request && request.postData !== undefined && request.postData !== null) requireObject(problems, `${path}.request.postData`, request.postData);
  const response = readMessage(problems, `${path}.response`, entry.response, ['status', 'headersSize', 'bodySize']);
  if (response && requireObject(problems, `${path}.response.content`, response.content)) {
    requireNumber(problems, `${path}.response.content.size`, response.content.size);
    if (response.content.encoding !== undefined && response.content.encoding !== 'base64')
      problems.push(`${path}.response.content.encoding: DevTools knows only base64`);
  }
  readTimings(problems, `${path}.timings`, entry.timings);
  if (entry.pageref !== undefined && !pageIds.has(String(entry.pageref)))
    problems.push(`${path}.pageref: no page "${String(entry.pageref)}", the entry is shown without its page`);
  if (entry._resourceType !== undefined && !RESOURCE_TYPES.has(String(entry._resourceType)))
    problems.push(`${path}._resourceType: "${String(entry._resourceType)}" is no resource type DevTools knows`);
}

/** Every rule of DevTools' HAR import that the file breaks; an empty list is a file DevTools opens as written. */
export function readHarAsDevTools(har: unknown): Problems {
  const problems: Problems = [];
  if (!requireObject(problems, 'har', har) || !requireObject(problems, 'log', har.log)) return problems;
  const { log } = har;
  requireObject(problems, 'log.creator', log.creator);
  if (log.browser) requireObject(problems, 'log.browser', log.browser);
  const pages = Array.isArray(log.pages) ? log.pages : [];
  const pageIds = new Set<string>();
  pages.forEach((page, index) => {
    if (!requireObject(problems, `log.pages[${index}]`, page)) return;
    requireDate(problems, `log.pages[${index}].startedDateTime`, page.startedDateTime);
    requireObject(problems, `log.pages[${index}].pageTimings`, page.pageTimings);
    pageIds.add(String(page.id));
  });
  if (!Array.isArray(log.entries)) {
    problems.push('log.entries: "log.entries is expected to be an array"');
    return problems;
  }
  log.entries.forEach((entry, index) => readEntry(problems, `log.entries[${index}]`, entry, pageIds));
  // Importer.requestsFromHARLog sorts by startedDateTime: an export in run order keeps its order there.
  const starts = log.entries.map((entry) => (isObject(entry) ? Date.parse(String(entry.startedDateTime)) : Number.NaN));
  if (starts.some((start, index) => index > 0 && start < starts[index - 1]!))
    problems.push('log.entries: not in startedDateTime order, DevTools would show them in another order than the run');
  return problems;
}
