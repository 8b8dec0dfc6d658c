import type { Scenario } from './scenario-type.ts';

/**
 * The scenarios of the lifecycles the 2026 protocol added (issue 41): a task, a task that
 * fails, the header-mismatch what-if and the stale-list what-if. Each is a real run like
 * the others in SCENARIOS.
 */
export const LIFECYCLES_2026_SCENARIOS: Scenario[] = [
  {
    id: 'task',
    title: 'A task: the tool goes on in the background',
    question: 'Count to 5 in the background',
    mcpPath: '/mcp/toolbox',
    mockModel: 'mock-model-deterministic',
    lesson:
      'count_in_background takes a while, so its call answers with a task instead of a result. The host polls it (tasks/get) as often as the server asks (pollInterval), and each answer says the task’s status: working, then input_required when it asks you halfway whether to go on, then completed. In 2025-11-25 the host asks for the task (params.task), and the question and the result come on tasks/result; in 2026-07-28 the server decides (the tasks extension), tasks/get carries the question and the result, and your answer goes back with tasks/update. Cancel the task while it runs to see tasks/cancel.',
  },
  {
    id: 'task-fails',
    title: 'A task that fails: the counter overflows',
    question: 'Count to 12 in the background',
    mcpPath: '/mcp/toolbox',
    mockModel: 'mock-model-deterministic',
    lesson:
      'count_in_background holds 10: past it, the server’s own work breaks. That is a protocol error, not a tool error, so the task ends failed and carries the JSON-RPC error (2026-07-28 in tasks/get, 2025-11-25 as tasks/result’s answer); the host tells the model, which says so in words.',
  },
  {
    id: 'header-mismatch',
    title: 'What if a header disagrees with the body: -32020',
    question: 'What is 5 plus 7?',
    mcpPath: '/mcp?gateway=stale',
    mockModel: 'mock-model-deterministic',
    era: '2026-07-28',
    otherEraCannot:
      'In 2025-11-25 a request has no Mcp-Method or Mcp-Name header: the server reads the method and the name from the body alone, so no header can disagree with it.',
    lesson:
      'In 2026-07-28 a request says its method and name twice: in the body, and in the Mcp-Method and Mcp-Name headers, so that a gateway can route it without reading the body. Here a stand-in gateway in front of the built-in server rewrites Mcp-Name from a stale table (add_numbers → add) and leaves the body alone. The server checks the headers against the body and refuses before the tool runs: HTTP 400 and -32020 (HeaderMismatch). Outside a browser (the CLI) the SDK client takes a mismatch for a stale view of the tools, lists them again and sends the call once more, and the gateway rewrites it again; in the page it does not try again. The host tells the model, which answers without the sum.',
  },
  {
    id: 'stale-list',
    title: 'What if the tool list goes stale at once: ttlMs 0',
    question: 'What is 5 plus 7?',
    mcpPath: '/mcp?list-ttl=0',
    mockModel: 'mock-model-deterministic',
    era: '2026-07-28',
    otherEraCannot:
      'In 2025-11-25 a list result carries no ttlMs: the host keeps the tools it listed until the server says they changed (list_changed), so nothing goes stale.',
    lesson:
      'In 2026-07-28 a tools/list answer says how long it stays fresh (ttlMs) and who may keep it (cacheScope). The built-in server says an hour for /mcp, whose tool never changes; here the same server says ttlMs 0, stale at once. So after the tool’s result, before the host asks the model again, it finds its list past its ttlMs and lists the tools again, and translates them again, though nothing said they changed. Compare the happy path in 2026-07-28, where the host says the list is still fresh and asks the model with it.',
  },
];
