/**
 * "The code behind the step": which of the project's own files produced a host or
 * translation step, and the function in it. The page reads the source the build
 * carries (src/ui/lesson/load-step-source.ts); here is only which file and how to find
 * the function in its text, so a test can check every entry against the real files.
 */
export type SourcePointer = {
  /** Repository path, as a learner would open it. */
  path: string;
  /** The host's function is the one around this text (the step id where it records the step); the translator is the file's first exported function. */
  find: { kind: 'around'; text: string } | { kind: 'first-export' };
  role: string;
};

/** Where the host records each step it writes itself (src/lifecycle), by step id. */
const HOST_STEP_FILES: Record<string, string> = {
  'user.question': 'src/lifecycle/discovery.ts',
  'host.start-discovery': 'src/lifecycle/discovery.ts',
  'client.tools-to-host': 'src/lifecycle/discovery.ts',
  'host.translate-tools': 'src/lifecycle/discovery.ts',
  'host.era-fallback': 'src/lifecycle/connect-to-server.ts',
  'host.new-session': 'src/lifecycle/connect-to-server.ts',
  'llm.decide': 'src/lifecycle/conversation.ts',
  'host.translate-tool-call': 'src/lifecycle/conversation.ts',
  'host.translate-tool-result': 'src/lifecycle/conversation.ts',
  'host.answer': 'src/lifecycle/conversation.ts',
  'client.result-to-host': 'src/lifecycle/tool-call.ts',
  'host.fault': 'src/lifecycle/finish-run.ts',
  'host.url-refused': 'src/lifecycle/url-refusal.ts',
  'host.tool-grammar': 'src/lifecycle/tab-model-steps.ts',
};

/** Each translation's file in a wire format's folder, by the step that shows it: how its name starts and ends. */
const TRANSLATOR_FILES: Record<string, { role: string; name: (wire: string) => RegExp }> = {
  'host.translate-tools': { role: 'Translation #1 for this wire format', name: (wire) => new RegExp(`^src/providers/${wire}/prepare-[a-z-]+-tools\\.ts$`) },
  'host.translate-tool-call': {
    role: 'Translation #2 for this wire format',
    name: (wire) => new RegExp(`^src/providers/${wire}/convert-[a-z-]+-tool-call\\.ts$`),
  },
  'host.translate-tool-result': { role: 'Translation #3 for this wire format', name: (wire) => new RegExp(`^src/providers/${wire}/convert-to-[a-z-]+\\.ts$`) },
  'provider.response.tool-calls': {
    role: "Reading this wire format's reply",
    name: (wire) => new RegExp(`^src/providers/${wire}/read-[a-z-]+-response\\.ts$`),
  },
  'provider.response.answer': { role: "Reading this wire format's reply", name: (wire) => new RegExp(`^src/providers/${wire}/read-[a-z-]+-response\\.ts$`) },
};

/** The files behind a step, among the paths the build carries; none for a message the host only relays. */
export function findStepSources({ stepId, wire, paths }: { stepId: string; wire: string | null; paths: readonly string[] }): SourcePointer[] {
  const pointers: SourcePointer[] = [];
  const hostFile = HOST_STEP_FILES[stepId];
  if (hostFile && paths.includes(hostFile))
    pointers.push({ path: hostFile, find: { kind: 'around', text: `'${stepId}'` }, role: 'The host records this step' });
  const translator = TRANSLATOR_FILES[stepId];
  if (translator && wire && /^[a-z-]+$/.test(wire)) {
    const pattern = translator.name(wire);
    const path = paths.find((candidate) => pattern.test(candidate));
    if (path) pointers.push({ path, find: { kind: 'first-export' }, role: translator.role });
  }
  return pointers;
}

const FUNCTION_START = /^(export )?(async )?function[ *]+([A-Za-z0-9_$]+)|^export const ([A-Za-z0-9_$]+) = /;

/**
 * The top-level function a pointer names, as written: from its first line (its doc
 * comment included) to the brace that closes it at the start of a line. Top-level code
 * here is formatted by Prettier (`npm run format`; `npm test` checks it), so a function ends at the first line that is `}` or `};`.
 */
export function extractFunctionSource({ source, find }: { source: string; find: SourcePointer['find'] }): { name: string; line: number; text: string } | null {
  const lines = source.split('\n');
  let start = -1;
  if (find.kind === 'first-export') {
    start = lines.findIndex((line) => /^export (async )?function /.test(line));
  } else {
    const at = lines.findIndex((line) => line.includes(find.text));
    for (let index = at; index >= 0; index--) {
      if (FUNCTION_START.test(lines[index]!)) {
        start = index;
        break;
      }
    }
  }
  if (start < 0) return null;
  const match = FUNCTION_START.exec(lines[start]!);
  const name = match?.[3] ?? match?.[4] ?? 'function';
  let end = start;
  while (end < lines.length && !/^\}[;)]*\s*$/.test(lines[end]!)) end++;
  let first = start;
  while (first > 0 && /^( \*|\/\*\*|\s*\*\/|\/\/)/.test(lines[first - 1]!)) first--;
  return { name, line: first + 1, text: lines.slice(first, end + 1).join('\n') };
}
