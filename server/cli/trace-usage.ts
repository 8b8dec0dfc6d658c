import { EXPORT_FLAG_USAGE } from './trace-exports.ts';
import { MACHINE_CLIENT_FLAG_USAGE } from './read-machine-client-flags.ts';
import { SANDBOX_FAULTS } from '../../src/trace/index.ts';
import { SCENARIOS } from '../../src/content/index.ts';
import { TOPOLOGY_FLAG_USAGE } from './read-topology-flags.ts';
import { WIRE_CATALOG } from '../../src/providers/index.ts';

/** `npm run trace -- --help`, and what a wrong flag is answered with after its message (trace.ts). */
export const TRACE_USAGE = `Usage: npm run trace -- ["What is 5 plus 7?"] [options]

Runs the explorer's host in Node, through every step, and prints the trace.
  --scenario ID                 a built-in scenario (question, server endpoint, model variant):
                                ${SCENARIOS.map((scenario) => scenario.id).join(', ')}
  --era 2025-11-25|2026-07-28|auto
                                protocol era (default 2025-11-25, or the scenario's; auto with --server or
                                --stdio: try 2026-07-28, fall back to 2025-11-25 in the open when the server
                                does not speak it; a --stdio program is started again for 2025-11-25)
  --wire ID                     wire format: ${WIRE_CATALOG.map((wire) => wire.id).join(', ')} (default openai-chat,
                                or the scenario's own)
  --model mock|real             the built-in mock model (default), or the real provider (the page's
                                third, a GGUF model in the tab, runs only in a browser: --model tab says so);
                                its key comes from the environment (OPENAI_API_KEY, ANTHROPIC_API_KEY, GEMINI_API_KEY)
  --model-name NAME             the real model to use (default: the wire format's own)
  --base-url URL                the real provider's base URL (default: the wire format's own; OLLAMA_HOST for ollama)
  --strict                      OpenAI strict mode for tool schemas
  --stream                      ask for the model's replies streamed and read them frame by frame
                                (the default with --model real)
  --whole                       ask for each reply whole (the default with the mock)
  --server URL                  another MCP server (default: the built-in one, started here); no credentials in it
  --header "Name: value"        a header for that server, repeatable (curl's spelling), e.g. "Authorization: Bearer …";
                                Authorization, Cookie, *-key and *-token values are secrets: sent, shown [redacted]
  --secret-header "Name: value" the same, its value a secret whatever its name
  --stdio "COMMAND ARGS"        a stdio MCP server, started here with the SDK's stdio transport (split
                                without a shell; '["program","arg"]' also works); its messages are the steps
  --authorize                   when the server answers 401, run the MCP authorization flow (OAuth): the
                                consent URL is printed here, open it in a browser and approve; the answer comes
                                back to a loopback listener on 127.0.0.1. Tokens stay in memory, shown [redacted]
  --auth-fault NAME             with --scenario authorization: turn on one failure switch of the built-in sandbox,
                                ${SANDBOX_FAULTS.join(', ')}; its consent page is the sandbox's, so the CLI
                                approves it itself (a POST of its form), as it does without a switch
  --client-id ID                a client id registered with the authorization server beforehand (with --authorize;
                                its secret, if any, from OAUTH_CLIENT_SECRET)
${MACHINE_CLIENT_FLAG_USAGE}
  --elicitation-answer JSON     the user's answer when a server asks (elicitation), an ElicitResult such as
                                '{"action":"accept","content":{"b":7}}' or '{"action":"decline"}'; without it
                                the host accepts the form's defaults and the step says so
  --root URI[=NAME]             share a folder with the server as a root (repeatable): a file:// URI or an
                                absolute path; with one the host declares roots and answers roots/list with
                                exactly these. Without it no roots are declared (none is taken from here)
  --json                        print the trace as JSON and nothing else (use npm run -s so npm adds nothing)
  --full                        do not shorten long payloads in the text output
  --consent allow|deny          the answer at a destructive tool's consent gate (default allow, said in the step)
  --prompt NAME                 start from this prompt of the server (prompts/get, translation #5) instead of the
                                question alone; --prompt-arg NAME=VALUE gives one of its arguments (repeatable)
  --cancel-task                 when a tool call becomes a task, cancel it (tasks/cancel) once its first status
                                is in, as the page's Cancel the task does; the model is told it was cancelled
${TOPOLOGY_FLAG_USAGE}
${EXPORT_FLAG_USAGE}

Exit code: 0 a full answer, 1 the run failed, 2 a wrong command line, 3 the model refused,
4 the reply was cut off (token limit), 5 a provider's filter blocked it, 6 you declined a
tool call at the consent gate or the provider's approval gate, 7 the reply did not finish arriving (it broke off before the
provider said it was over).
A --base-url of your own (a local OpenAI-compatible server, Ollama) needs no key; one is sent if set.`;
