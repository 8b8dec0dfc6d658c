import { InsufficientScopeError, SdkErrorCode, SdkHttpError } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { FAULT_WORDS } from './fault-words.ts';
import { explainMcpFailure, readHttpStatus } from './faults.ts';
import { explainProviderFailure } from './provider-faults.ts';

const say = FAULT_WORDS.page;

const url = 'http://127.0.0.1:3000/mcp';

/** The error the SDK's Streamable HTTP transport raises when the server answers with an HTTP error. */
function httpError(status: number, message = `HTTP ${status}`): Error {
  return new SdkHttpError(SdkErrorCode.ClientHttpNotImplemented, message, { status });
}

describe('readHttpStatus', () => {
  it("reads the status of the SDK's HTTP error, and of nothing else", () => {
    expect(readHttpStatus(httpError(404))).toBe(404);
    expect(readHttpStatus(Object.assign(new Error('look-alike'), { data: { status: 404 } }))).toBeUndefined();
    expect(readHttpStatus(new TypeError('fetch failed'))).toBeUndefined();
    expect(readHttpStatus(undefined)).toBeUndefined();
  });
});

describe('explainMcpFailure', () => {
  it.each([
    [404, /no MCP endpoint/, /\/mcp/],
    [403, /refused the request \(HTTP 403/, /credentials .* Host and Origin/],
    [401, /wants authorization/, /token/],
  ])('explains HTTP %i', (status, what, why) => {
    const fault = explainMcpFailure(httpError(status), url, 'during tools/list', say);
    expect(fault.what).toMatch(what);
    expect(fault.what).toContain(url);
    expect(`${fault.why} ${fault.fix}`).toMatch(why);
  });

  it("explains any other status with the server's words", () => {
    const fault = explainMcpFailure(httpError(500, 'Internal trouble'), url, 'while connecting', say);
    expect(fault.what).toBe(`The MCP server at ${url} answered while connecting with HTTP 500.`);
    expect(fault.why).toContain('Internal trouble');
  });

  it('explains a network failure as nothing answering', () => {
    const fault = explainMcpFailure(new TypeError('fetch failed'), url, 'while connecting', say);
    expect(fault.what).toBe(`Could not reach the MCP server at ${url} (while connecting).`);
    expect(fault.why).toContain('CORS');
  });

  it('explains a timeout before anything else', () => {
    const timeout = new DOMException('No answer within 100 ms', 'TimeoutError');
    expect(explainMcpFailure(timeout, url, 'during tools/call', say).what).toContain('did not answer during tools/call in time');
  });

  it('passes on the message of an error it does not recognise, shortened', () => {
    const fault = explainMcpFailure(new Error('Server closed the stream'), url, 'during tools/list', say);
    expect(fault.what).toContain('failed during tools/list');
    expect(fault.why).toBe('Server closed the stream');
    const long = explainMcpFailure(new Error('x'.repeat(1000)), url, 'during tools/list', say);
    expect(long.why.length).toBeLessThanOrEqual(301);
  });

  it('says when the answer is not MCP at all (a web page, or JSON that is not JSON-RPC)', () => {
    const page = explainMcpFailure(new Error('Unexpected content type: text/html'), url, 'while connecting', say);
    expect(page.what).toContain('but not in MCP');
    expect(page.fix).toContain('/mcp');
  });

  it('says when the answer is not whole JSON (cut short), quoting the parser', () => {
    let parseError: unknown;
    try {
      JSON.parse('{"jsonrpc":"2.0","id":0,"result":{"protocolVersion":"2025-');
    } catch (error) {
      parseError = error;
    }
    const fault = explainMcpFailure(parseError, url, 'while connecting', say);
    expect(fault.what).toBe(`The MCP server at ${url} answered while connecting, but its answer is not whole JSON.`);
    expect(fault.why).toContain('Unterminated string');
    expect(fault.why).toContain('cut short');
    expect(fault.fix).toContain('Reset');
  });
});

describe('the words of where a fault is read', () => {
  const cli = FAULT_WORDS.cli;

  it('says a 403 insufficient_scope is a step-up, with the scope the challenge names', () => {
    const error = new InsufficientScopeError({ requiredScope: 'mcp:tools mcp:admin' });
    const fault = explainMcpFailure(error, url, 'during tools/call', cli);
    expect(fault.what).toContain('HTTP 403 insufficient_scope, during tools/call');
    expect(fault.what).toContain('the scope mcp:tools mcp:admin');
    expect(fault.why).toContain('step-up');
    expect(fault.fix).toContain('--authorize');
    expect(`${fault.why} ${fault.fix}`).not.toMatch(/Host and Origin|check the URL/i);
  });

  it('never says "press Reset" in the CLI, nor flags in the page', () => {
    const errors = [
      httpError(404),
      httpError(403),
      httpError(401),
      httpError(500),
      new TypeError('fetch failed'),
      new Error('Unexpected content type: text/html'),
      new Error('odd'),
    ];
    for (const error of errors) {
      const atTerminal = explainMcpFailure(error, url, 'while connecting', cli);
      expect(atTerminal.fix).not.toContain('Reset');
      expect(atTerminal.fix).toMatch(/run the command again/);
      const inPage = explainMcpFailure(error, url, 'while connecting', say);
      expect(inPage.fix).not.toMatch(/--[a-z]/);
      expect(inPage.fix).toContain('Reset');
    }
    const provider = { url: 'https://api.example/v1/chat/completions', label: 'OpenAI Chat Completions', kind: 'real' as const };
    for (const status of [401, 404, 429, 503, 400, 200]) {
      expect(explainProviderFailure({ ...provider, status, say: cli }).fix).not.toContain('Reset');
    }
  });
});

describe('explainProviderFailure', () => {
  const base = { url: 'https://api.example/v1/chat/completions', label: 'OpenAI Chat Completions', say };

  it('tells a mock user to restart the app and a real user to check the provider', () => {
    const mock = explainProviderFailure({ ...base, kind: 'mock', error: new TypeError('fetch failed') });
    const real = explainProviderFailure({ ...base, kind: 'real', error: new TypeError('fetch failed') });
    expect(mock.what).toBe(`Could not reach the model at ${base.url}.`);
    expect(mock.fix).toContain('npm start');
    expect(real.why).toContain('CORS');
  });

  it('explains a timeout', () => {
    const fault = explainProviderFailure({ ...base, kind: 'real', error: new DOMException('late', 'TimeoutError') });
    expect(fault.what).toContain('did not answer in time');
  });

  it.each([
    [401, /refused the request \(HTTP 401\)/, /API key/],
    [403, /refused the request \(HTTP 403\)/, /API key/],
    [404, /HTTP 404/, /model name/],
    [429, /rate-limiting/, /Too many requests/],
    [503, /failed on its side \(HTTP 503\)/, /internal error/],
    [400, /rejected the request \(HTTP 400\)/, /did not accept/],
  ])('explains HTTP %i', (status, what, why) => {
    const fault = explainProviderFailure({ ...base, kind: 'real', status });
    expect(fault.what).toMatch(what);
    expect(fault.why).toMatch(why);
  });

  it("quotes the provider's own error message, in any of the usual shapes", () => {
    const openAi = explainProviderFailure({ ...base, kind: 'real', status: 401, body: '{"error":{"message":"Incorrect API key provided."}}' });
    expect(openAi.what).toContain('It said: “Incorrect API key provided.”');
    const plain = explainProviderFailure({ ...base, kind: 'real', status: 400, body: '{"error":"bad model"}' });
    expect(plain.what).toContain('“bad model”');
    const top = explainProviderFailure({ ...base, kind: 'real', status: 404, body: '{"error":{"code":5},"message":"model not found"}' });
    expect(top.what).toContain('“model not found”');
    const text = explainProviderFailure({ ...base, kind: 'real', status: 502, body: 'Bad Gateway' });
    expect(text.what).toContain('“Bad Gateway”');
  });

  it('shortens a long error message', () => {
    const fault = explainProviderFailure({ ...base, kind: 'real', status: 400, body: JSON.stringify({ error: { message: 'x'.repeat(1000) } }) });
    expect(fault.what.length).toBeLessThan(450);
  });

  it('explains a 200 reply it cannot read', () => {
    const fault = explainProviderFailure({ ...base, kind: 'real', status: 200 });
    expect(fault.what).toBe("The model's reply could not be read.");
    expect(fault.fix).toContain('OpenAI Chat Completions');
  });
});
