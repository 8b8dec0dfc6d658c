/**
 * A fault is read in one of two places, and what to do is said in that place's words: in
 * the page, Reset starts over and the settings hold the server, its headers and the era;
 * in the CLI there is no button, and the command is run again with other flags. Each such
 * fact is said here once per place; the fault builders take the words of the run's place.
 */

export type FaultReader = 'page' | 'cli';

export type FaultWords = {
  /** Starting over, after the fix: ", then press Reset" reads as ", {again}". */
  again: string;
  /** Starting over, as a sentence of its own. */
  retry: string;
  /** Where the MCP server's address is given. */
  serverUrl: string;
  /** Where the headers for the MCP server are given, with an example header when one fits. */
  headers: (example?: string) => string;
  /** How to start over in another era (or one of several), as a sentence that begins with a capital. */
  era: (eras: EraName[]) => string;
  /** How to have the host get a token by the authorization flow (OAuth). */
  authorize: string;
  /** Where a client id registered with the authorization server is given. */
  clientId: string;
  /** How to open the consent page. */
  consent: string;
  /** Where an exchange's HTTP is read. */
  httpView: string;
  /** Where the model's key and base URL are given. */
  provider: string;
  /** Where a prompt of the server is chosen. */
  prompts: string;
  /** Why a server or provider that is running may still not answer this reader. */
  blocked: string;
};

type EraName = 'auto' | '2025-11-25' | '2026-07-28';
const ERA_NAMES: Record<EraName, string> = { auto: 'Auto', '2025-11-25': '2025-11-25', '2026-07-28': '2026-07-28' };

export const FAULT_WORDS: Record<FaultReader, FaultWords> = {
  page: {
    again: 'then press Reset',
    retry: 'Press Reset to try again.',
    serverUrl: '"MCP server URL" in the model settings',
    headers: (example) => `the headers beside "MCP server URL" in the model settings${example ? `, for example ${example}` : ''}`,
    era: (eras) => `Choose ${eras.map((era) => ERA_NAMES[era]).join(' or ')} as the protocol era, then press Reset`,
    authorize: 'press Sign in, and the host gets a token by the MCP authorization flow (OAuth)',
    clientId: "the OAuth client id beside the server's URL in the model settings",
    consent: 'press Sign in, approve in the window it opens',
    httpView: 'the HTTP view of the step',
    provider: 'the key and base URL in the model settings',
    blocked: 'or a browser blocked the call because the server does not allow this page (CORS)',
    prompts: 'the model settings list them',
  },
  cli: {
    again: 'then run the command again',
    retry: 'Run the command again.',
    serverUrl: 'the address given with --server',
    headers: (example) => `--header "${example ?? 'Name: value'}", or --secret-header for a secret`,
    era: (eras) => `Run the command again with ${eras.map((era) => `--era ${era}`).join(' or ')}`,
    authorize: 'add --authorize, and the host gets a token by the MCP authorization flow (OAuth)',
    clientId: '--client-id (its secret, if any, in OAUTH_CLIENT_SECRET)',
    consent: 'open the address printed above in a browser and approve there',
    httpView: "the step's HTTP line above (--full shows whole payloads, --json the whole exchange)",
    provider: '--base-url and the key in the environment',
    blocked: 'or something between here and the server refused the connection',
    prompts: 'name it with --prompt NAME, its arguments with --prompt-arg NAME=VALUE',
  },
};
