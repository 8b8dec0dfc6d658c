/**
 * The view of add_numbers on /mcp/apps: one self-contained page, the resource a host reads
 * (`ui://sum-view/view.html`) and renders in a sandboxed frame. It is written against the
 * extension's postMessage protocol itself, with no SDK, so a learner who opens the
 * resources/read step reads every message it sends: `ui/initialize`, then
 * `ui/notifications/initialized`; it listens for `ui/notifications/tool-input` and
 * `…/tool-result`; its button sends `tools/call` through the host; it reports its size
 * (`ui/notifications/size-changed`) and can send `ui/message`, `resources/read` and
 * `ui/open-link`. It keeps no state beyond the page and reaches no network: the host's
 * policy gives it none.
 */

const STYLE = `
:root { color-scheme: light dark; font-family: var(--font-sans, system-ui, sans-serif); font-size: 14px; }
body { margin: 0; padding: 12px; color: var(--color-text-primary, CanvasText); background: transparent; }
main { display: flex; flex-direction: column; gap: 10px; }
.sum { display: flex; flex-wrap: wrap; align-items: center; gap: 6px; font-size: 18px; }
input { width: 6em; font: inherit; padding: 2px 6px; }
output { font-weight: 600; min-width: 3em; }
button { font: inherit; font-size: 13px; padding: 4px 10px; cursor: pointer; }
.actions { display: flex; flex-wrap: wrap; gap: 6px; }
.told { margin: 0; font-size: 12px; color: var(--color-text-secondary, GrayText); }
code { font-family: var(--font-mono, ui-monospace, monospace); }
`;

const SCRIPT = `
(() => {
  'use strict';
  const $ = (id) => document.getElementById(id);
  const waiting = new Map();
  let nextId = 1;
  let reportedSize = '';

  const send = (message) => window.parent.postMessage(message, '*');
  const notify = (method, params) => send({ jsonrpc: '2.0', method, ...(params ? { params } : {}) });
  const request = (method, params) => new Promise((resolve, reject) => {
    const id = nextId++;
    waiting.set(id, { resolve, reject });
    send({ jsonrpc: '2.0', id, method, params });
  });
  const show = (id, text) => { $(id).textContent = text; };
  const readSum = (result) => {
    const structured = result && result.structuredContent;
    if (structured && typeof structured.sum === 'number') return String(structured.sum);
    const text = result && Array.isArray(result.content) && result.content.find((block) => block.type === 'text');
    return text ? String(text.text).replace(/^Result: /, '') : '?';
  };
  const showResult = (result, from) => {
    show('sum', result && result.isError ? 'error' : readSum(result));
    show('result-told', from + ': ' + JSON.stringify(result && (result.structuredContent || result.content)));
  };

  window.addEventListener('message', (event) => {
    if (event.source !== window.parent) return;
    const message = event.data;
    if (!message || message.jsonrpc !== '2.0') return;
    if (message.method === undefined && waiting.has(message.id)) {
      const pending = waiting.get(message.id);
      waiting.delete(message.id);
      if (message.error) pending.reject(new Error(message.error.message));
      else pending.resolve(message.result);
      return;
    }
    switch (message.method) {
      case 'ui/notifications/tool-input': {
        const args = (message.params && message.params.arguments) || {};
        $('a').value = String(args.a ?? '');
        $('b').value = String(args.b ?? '');
        show('input-told', 'The host says the model called add_numbers with ' + JSON.stringify(args) + '.');
        return;
      }
      case 'ui/notifications/tool-result':
        showResult(message.params, 'The host passed on the server\\u2019s result');
        return;
      case 'ui/notifications/tool-cancelled':
        show('sum', 'cancelled');
        show('result-told', 'The host says the call was cancelled: ' + String(message.params && message.params.reason));
        return;
      case 'ui/notifications/host-context-changed':
        applyTheme(message.params);
        return;
      case 'ui/resource-teardown':
        send({ jsonrpc: '2.0', id: message.id, result: {} });
        return;
      default:
        if (message.id !== undefined && message.method !== undefined) send({ jsonrpc: '2.0', id: message.id, error: { code: -32601, message: 'This view does not handle ' + message.method } });
    }
  });

  const applyTheme = (context) => {
    if (context && (context.theme === 'light' || context.theme === 'dark')) document.documentElement.style.colorScheme = context.theme;
  };

  const reportSize = () => {
    const box = document.documentElement.getBoundingClientRect();
    const size = { width: Math.ceil(box.width), height: Math.ceil(box.height) };
    const key = size.width + 'x' + size.height;
    if (key === reportedSize) return;
    reportedSize = key;
    notify('ui/notifications/size-changed', size);
  };

  const addAgain = async () => {
    const a = Number($('a').value);
    const b = Number($('b').value);
    show('sum', '\\u2026');
    try {
      showResult(await request('tools/call', { name: 'add_numbers', arguments: { a, b } }), 'This view called add_numbers through the host');
    } catch (error) {
      show('sum', 'error');
      show('result-told', 'The host refused or failed: ' + error.message);
    }
  };

  $('call').addEventListener('click', addAgain);
  for (const id of ['a', 'b']) $(id).addEventListener('keydown', (event) => { if (event.key === 'Enter') addAgain(); });
  $('tell').addEventListener('click', () => {
    request('ui/message', { role: 'user', content: [{ type: 'text', text: $('a').value + ' plus ' + $('b').value + ' is ' + $('sum').textContent + '.' }] })
      .then(() => show('result-told', 'The host took the message.'), (error) => show('result-told', 'The host answered: ' + error.message));
  });
  $('read').addEventListener('click', () => {
    request('resources/read', { uri: 'ui://sum-view/view.html' })
      .then((result) => show('result-told', 'Read through the host: ' + result.contents.map((content) => content.uri + ', ' + String(content.text || '').length + ' characters').join('; ')), (error) => show('result-told', 'The host answered: ' + error.message));
  });
  $('spec').addEventListener('click', () => {
    request('ui/open-link', { url: 'https://modelcontextprotocol.io/extensions/apps/overview' })
      .then(() => show('result-told', 'The host opened the link.'), (error) => show('result-told', 'The host answered: ' + error.message));
  });

  request('ui/initialize', { appInfo: { name: 'sum-view', version: '1.0.0' }, appCapabilities: { availableDisplayModes: ['inline'] }, protocolVersion: '2026-01-26' })
    .then((result) => {
      applyTheme(result.hostContext);
      const info = result.hostContext && result.hostContext.toolInfo;
      const call = info ? ', opened for ' + (info.id === undefined ? 'a call' : 'the call ' + JSON.stringify(info.id)) + ' of ' + info.tool.name : '';
      show('status', 'Connected to ' + (result.hostInfo ? result.hostInfo.name : 'the host') + call + '.');
      for (const id of ['a', 'b', 'call']) $(id).disabled = false;
      notify('ui/notifications/initialized');
      new ResizeObserver(reportSize).observe(document.documentElement);
      reportSize();
    }, (error) => show('status', 'The host did not answer ui/initialize: ' + error.message));
})();
`;

export const SUM_VIEW_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>The sum, as a view</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p id="status" class="told">Waiting for the host to answer ui/initialize…</p>
<div class="sum">
<label>a <input id="a" type="number" step="any" disabled></label>
<span>+</span>
<label>b <input id="b" type="number" step="any" disabled></label>
<span>=</span>
<output id="sum" aria-live="polite">…</output>
<button id="call" type="button" disabled>Add again</button>
</div>
<p id="input-told" class="told">No tool input yet.</p>
<p id="result-told" class="told">No result yet.</p>
<div class="actions">
<button id="tell" type="button">Tell the chat</button>
<button id="read" type="button">Read this view’s resource</button>
<button id="spec" type="button">Open the MCP Apps overview</button>
</div>
</main>
<script>${SCRIPT}</script>
</body>
</html>
`;
