import { readAppBaseUrl, resolveAppUrl } from '../../service-worker/index.ts';
import { CALLBACK_PAGE_PATH, isSecretHeaderName, MAX_BRIDGE_SESSION_PROGRAMS } from '../../trace/index.ts';
import type { McpHeader } from '../../lifecycle/index.ts';
import type { ModelSettings } from '../../store/index.ts';
import { RootsEditor } from './mcp-roots-editor.tsx';
import { useBridgedServers } from './use-bridged-servers.ts';
import { TopologyFields } from './topology-fields.tsx';
import { RememberOnDevice } from './remember-on-device.tsx';

const field = 'rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100';
const label = 'flex flex-col gap-1 text-xs font-medium text-slate-600 dark:text-slate-300';

type Props = { draft: ModelSettings; setDraft: (draft: ModelSettings) => void; problems: string[] };

/** The stdio servers npm start bridges, each chosen by its own radio; the one chosen says what sharing its program means. */
function BridgedServerChoices({
  bridged,
  chosen,
  draft,
  setDraft,
}: Pick<Props, 'draft' | 'setDraft'> & { bridged: ReturnType<typeof useBridgedServers>; chosen: ReturnType<typeof useBridgedServers>[number] | undefined }) {
  return (
    <>
      {bridged.map((server) => (
        <label key={server.name} className="flex items-start gap-2 text-sm">
          <input
            type="radio"
            name="mcp-server"
            checked={chosen === server}
            onChange={() => setDraft({ ...draft, mcpServerUrl: server.url })}
            className="mt-1"
          />
          <span>
            The stdio server <span className="font-mono text-xs">{server.name}</span>, bridged by this app at{' '}
            <span className="font-mono text-xs">{server.url}</span>
            {server.running ? '' : ' (its process has exited)'}.
          </span>
        </label>
      ))}
      {chosen && (
        <p className="text-xs text-slate-500">
          Started by npm start -- {chosen.clients === 'shared' ? '--stdio-shared' : '--stdio'} {chosen.name}=…. The bridge speaks the 2025-11-25 era: choose it
          for this server. Each line the bridge writes to the program and reads from it is a step of its own.{' '}
          {chosen.clients === 'shared'
            ? 'One program serves every client of the bridge (every tab, every run): it was started once, so what it set up for an earlier client stays for the later ones, whatever they declare (tools it registers only for a client that offers sampling or elicitation, say).'
            : `Each run gets a program of its own: the bridge starts the command again for each initialize (at most ${MAX_BRIDGE_SESSION_PROGRAMS} at once) and stops it when the session ends, so what one run declares (sampling, elicitation, roots) shapes only its own program.`}
        </p>
      )}
    </>
  );
}

/** A server of the learner's own: its URL, and what its requests carry (headers, roots, a client id). */
function ServerUrlFields({ url, draft, setDraft }: Pick<Props, 'draft' | 'setDraft'> & { url: string }) {
  return (
    <>
      <label className={label}>
        MCP server URL
        <input className={field} value={url} onChange={(event) => setDraft({ ...draft, mcpServerUrl: event.target.value })} spellCheck={false} />
        <span className="font-normal text-slate-500">
          The page calls it directly, so it must allow this page’s origin (CORS) and expose Mcp-Session-Id. The protocol era starts on Auto: the host tries
          2026-07-28 and falls back, in the open, to 2025-11-25. The mock model then picks one of its tools and fills the arguments from the question.
        </span>
      </label>
      <HeadersEditor draft={draft} setDraft={setDraft} />
      <RootsEditor draft={draft} setDraft={setDraft} />
      <ClientIdField draft={draft} setDraft={setDraft} />
    </>
  );
}

/**
 * The MCP server part of the settings: the built-in server or one by URL, and for that one
 * the headers the host sends with every request (a bearer token). A value that may be a
 * secret is typed like a password and shown nowhere once sent; the learner may mark any
 * header secret, and names like Authorization are secret whatever the box says.
 */
export function McpServerFields({ draft, setDraft, problems }: Props) {
  // The stdio servers npm start bridges: each is a URL of this app, chosen by its own radio.
  const bridged = useBridgedServers();
  const bridgedChosen = bridged.find((server) => server.url === draft.mcpServerUrl);
  const byUrl = draft.mcpServerUrl !== null && !bridgedChosen;
  return (
    <>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-xs font-medium text-slate-600 dark:text-slate-300">MCP server</legend>
        <label className="flex items-start gap-2 text-sm">
          <input
            type="radio"
            name="mcp-server"
            checked={draft.mcpServerUrl === null}
            onChange={() => setDraft({ ...draft, mcpServerUrl: null })}
            className="mt-1"
          />
          <span>The built-in server of this app (the scenario chooses its endpoint).</span>
        </label>
        <label className="flex items-start gap-2 text-sm">
          <input
            type="radio"
            name="mcp-server"
            checked={byUrl}
            onChange={() => setDraft({ ...draft, mcpServerUrl: byUrl && draft.mcpServerUrl !== null ? draft.mcpServerUrl : 'http://127.0.0.1:3001/mcp' })}
            className="mt-1"
          />
          <span>Another Streamable HTTP server, by URL.</span>
        </label>
        <BridgedServerChoices bridged={bridged} chosen={bridgedChosen} draft={draft} setDraft={setDraft} />
        {byUrl && draft.mcpServerUrl !== null && <ServerUrlFields url={draft.mcpServerUrl} draft={draft} setDraft={setDraft} />}
        {problems.length > 0 && (
          <ul role="alert" className="list-disc pl-5 text-xs text-red-700 dark:text-red-300" data-testid="mcp-server-problems">
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        )}
      </fieldset>
      {/* Who calls the server: the host's client or the provider's (provider-side MCP); the model in the tab has no provider to call it. */}
      {draft.kind !== 'tab' && <TopologyFields draft={draft} setDraft={setDraft} />}
    </>
  );
}

/**
 * A client id registered beforehand, for an authorization server that offers neither Client
 * ID Metadata Documents nor dynamic registration. The page is a public client (PKCE, no
 * secret): a secret typed into a web page would be no secret.
 */
function ClientIdField({ draft, setDraft }: Omit<Props, 'problems'>) {
  const callback = resolveAppUrl(CALLBACK_PAGE_PATH, readAppBaseUrl());
  return (
    <label className={label}>
      OAuth client id (optional)
      <input
        className={field}
        value={draft.mcpClientId}
        onChange={(event) => setDraft({ ...draft, mcpClientId: event.target.value })}
        spellCheck={false}
        autoComplete="off"
      />
      <span className="font-normal text-slate-500">
        For Sign in after this server’s 401: a client id you registered with its authorization server, with the redirect URI{' '}
        <span className="font-mono">{callback}</span> and no client secret (the page is a public client, protected by PKCE). Given, it is used instead of a
        Client ID Metadata Document or dynamic registration; left empty, the host uses whichever of those the server offers.
      </span>
    </label>
  );
}

function HeadersEditor({ draft, setDraft }: Omit<Props, 'problems'>) {
  const headers = draft.mcpHeaders;
  const setHeaders = (mcpHeaders: McpHeader[]) => setDraft({ ...draft, mcpHeaders });
  const change = (index: number, edit: Partial<McpHeader>) => setHeaders(headers.map((header, at) => (at === index ? { ...header, ...edit } : header)));
  return (
    <div className="flex flex-col gap-2 rounded-md border border-slate-200 p-3 dark:border-slate-700" role="group" aria-label="Headers for the MCP server">
      <span className="text-xs font-medium text-slate-600 dark:text-slate-300">Headers for the MCP server</span>
      {headers.map((header, index) => {
        const secretByName = isSecretHeaderName({ name: header.name.trim() });
        const secret = secretByName || header.secret === true;
        return (
          <div key={index} className="flex flex-wrap items-center gap-2" data-testid="mcp-header-row">
            <input
              className={`${field} w-40`}
              aria-label={`Header ${index + 1} name`}
              placeholder="Authorization"
              value={header.name}
              onChange={(event) => change(index, { name: event.target.value })}
              spellCheck={false}
            />
            <input
              className={`${field} min-w-0 flex-1`}
              aria-label={`Header ${index + 1} value`}
              placeholder="Bearer …"
              type={secret ? 'password' : 'text'}
              autoComplete="off"
              value={header.value}
              onChange={(event) => change(index, { value: event.target.value })}
              spellCheck={false}
            />
            <label className="flex items-center gap-1 text-xs" title={secretByName ? 'A header of this name always carries a secret.' : undefined}>
              <input type="checkbox" checked={secret} disabled={secretByName} onChange={(event) => change(index, { secret: event.target.checked })} />
              secret
            </label>
            <button
              type="button"
              className="rounded border border-slate-300 px-2 py-0.5 text-xs dark:border-slate-600"
              aria-label={`Remove header ${index + 1}`}
              onClick={() => setHeaders(headers.filter((_, at) => at !== index))}
            >
              Remove
            </button>
          </div>
        );
      })}
      <div>
        <button
          type="button"
          className="rounded border border-slate-300 px-2 py-0.5 text-xs dark:border-slate-600"
          onClick={() => setHeaders([...headers, { name: '', value: '' }])}
        >
          Add header
        </button>
      </div>
      <RememberOnDevice
        label="Remember these headers on this device"
        checked={draft.rememberMcpHeaders}
        onChange={(rememberMcpHeaders) => setDraft({ ...draft, rememberMcpHeaders })}
      >
        The headers go with every request to this server, and nowhere else. A secret value (Authorization, Cookie, names ending in -key or -token, and any
        marked secret) never appears in a step, an export, a copied curl command or the console: the HTTP view shows it as [redacted]. Unless you tick the box
        they are forgotten when the page closes. Credentials never go in the URL: give them here, for example Authorization: Bearer … or Basic ….
      </RememberOnDevice>
    </div>
  );
}
