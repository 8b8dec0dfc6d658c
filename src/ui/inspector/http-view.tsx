import { useState } from 'react';
import type { HttpExchange } from '../../trace/index.ts';
import { formatCurl, type CurlAudience } from '../../mcp/index.ts';
import { LongText } from '../json/long-text-notice.tsx';
import { WireTerm } from '../lesson/wire-term.tsx';

/** A box that scrolls a long body: focusable and named, so a keyboard reaches it to scroll it (axe's scrollable-region-focusable). */
function scrollableRegion(name: string) {
  return { tabIndex: 0, role: 'region', 'aria-label': `${name} (scrollable)` } as const;
}

function Headers({ title, headers, audience }: { title: string; headers: Record<string, string> | undefined; audience: CurlAudience }) {
  if (!headers) return null;
  return (
    <div>
      <h5 className="text-xs font-semibold text-slate-600 uppercase dark:text-slate-300">{title}</h5>
      <dl className="mt-1 grid grid-cols-[max-content_minmax(0,1fr)] gap-x-3 font-mono text-xs">
        {Object.entries(headers).map(([name, value]) => (
          <div key={name} className="contents">
            <dt className="text-slate-500">
              <WireTerm name={name} audience={audience} />
            </dt>
            <dd className="break-all">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** Copies a curl command that repeats the request from a terminal (keys never included). */
function CopyAsCurl({ http, audience }: { http: HttpExchange; audience: CurlAudience }) {
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle');
  const { result: command, warnings } = formatCurl({ http, audience });
  return (
    <div className="space-y-1">
      <div className="flex items-center justify-end gap-2">
        <span className="text-xs text-slate-500" role="status">
          {copied === 'copied' ? 'Copied.' : copied === 'failed' ? 'The browser refused the clipboard: select the command below.' : ''}
        </span>
        <button
          type="button"
          className="rounded border border-slate-300 px-2 py-0.5 text-xs text-slate-700 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800"
          onClick={() => {
            navigator.clipboard?.writeText(command).then(
              () => setCopied('copied'),
              () => setCopied('failed'),
            );
          }}
        >
          Copy as curl
        </button>
        <details className="text-xs">
          <summary className="cursor-pointer text-slate-600 dark:text-slate-300">Show</summary>
          <p className="mt-1 text-slate-600 dark:text-slate-300">For bash, zsh, sh or fish (not PowerShell or cmd, which read quotes otherwise).</p>
          <pre
            className="mt-1 max-h-40 overflow-auto rounded bg-slate-100 p-2 break-all whitespace-pre-wrap dark:bg-slate-900"
            data-testid="curl-command"
            {...scrollableRegion('curl command')}
          >
            {command}
          </pre>
        </details>
      </div>
      {warnings.length > 0 && (
        <ul className="list-disc pl-5 text-xs text-amber-700 dark:text-amber-300" data-testid="curl-warnings">
          {warnings.map((warning, index) => (
            <li key={index} className="break-all">
              {warning.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * The HTTP exchange a step travelled in: what the browser really sent and received, its
 * headers and stream fields explained in the words of the exchange's side (MCP or provider).
 */
export function HttpView({ http, audience = 'provider' }: { http: HttpExchange; audience?: CurlAudience }) {
  const status = http.status === undefined ? (http.error ?? 'waiting for the answer…') : `${http.status} ${http.statusText ?? ''}`;
  return (
    <div className="space-y-3 text-sm" data-testid="http-view">
      <CopyAsCurl http={http} audience={audience} />
      <p className="font-mono text-xs" data-testid="http-request-line">
        <span className="font-semibold">{http.method}</span> {http.url} → <span className="font-semibold">{status}</span>
        {http.durationMs !== undefined && <span className="text-slate-500"> · {Math.round(http.durationMs)} ms</span>}
      </p>
      <div className="grid grid-cols-1 gap-3 lg:grid-cols-2">
        <Headers title="Request headers" headers={http.requestHeaders} audience={audience} />
        <Headers title="Response headers" headers={http.responseHeaders} audience={audience} />
      </div>
      {http.requestBody !== undefined && (
        <div>
          <h5 className="text-xs font-semibold text-slate-600 uppercase dark:text-slate-300">Request body</h5>
          <pre
            className="mt-1 max-h-48 overflow-auto rounded bg-slate-100 p-2 text-xs break-words whitespace-pre-wrap dark:bg-slate-900"
            {...scrollableRegion('Request body')}
          >
            <LongText text={http.requestBody} />
          </pre>
        </div>
      )}
      {http.sse || http.ndjson ? (
        <div>
          <h5 className="text-xs font-semibold text-slate-600 uppercase dark:text-slate-300">
            {http.sse ? `Response: server-sent events (${http.sse.length} frames)` : `Response: NDJSON (${http.ndjson?.length ?? 0} lines)`}
          </h5>
          <ol className="mt-1 space-y-1" data-testid="http-frames">
            {(http.sse ?? http.ndjson ?? []).map((frame, index) => (
              <li key={index} className="rounded bg-slate-100 p-2 font-mono text-xs break-words dark:bg-slate-900">
                {/* A shade deeper than the page's helper text: this grey sits on the frame's grey, and holds 7:1 there (AAA). */}
                <span className="text-slate-700 dark:text-slate-300">
                  +{Math.round(frame.at)} ms{' '}
                  {frame.event && (
                    <>
                      <WireTerm name="event:" audience={audience} /> {frame.event}
                    </>
                  )}{' '}
                  {frame.id !== undefined && (
                    <>
                      <WireTerm name="id:" audience={audience} /> {frame.id}
                    </>
                  )}
                </span>
                <div className="whitespace-pre-wrap">
                  {http.sse ? (
                    <>
                      <WireTerm name="data:" audience={audience} />{' '}
                    </>
                  ) : null}
                  <LongText text={frame.data} />
                </div>
              </li>
            ))}
          </ol>
        </div>
      ) : (
        http.responseBody !== undefined && (
          <div>
            <h5 className="text-xs font-semibold text-slate-600 uppercase dark:text-slate-300">Response body</h5>
            <pre
              className="mt-1 max-h-48 overflow-auto rounded bg-slate-100 p-2 text-xs break-words whitespace-pre-wrap dark:bg-slate-900"
              {...scrollableRegion('Response body')}
            >
              {http.responseBody ? <LongText text={http.responseBody} /> : '(empty)'}
            </pre>
          </div>
        )
      )}
    </div>
  );
}
