import { describe, expect, it } from 'vitest';
import {
  REDACTED,
  collectSecretValues,
  createSecretRedactor,
  isSecretHeaderName,
  redactHeaderRecord,
  redactSecretValues,
  redactSecretsInData,
  redactUrl,
} from './secrets.ts';

describe('isSecretHeaderName', () => {
  it.each([
    'Authorization',
    'proxy-authorization',
    'Cookie',
    'set-cookie',
    'x-api-key',
    'X-Goog-Api-Key',
    'api-key',
    'openai-api-key',
    'x-mcp-token',
    'x-client-secret',
  ])('treats %s as a secret', (name) => expect(isSecretHeaderName({ name })).toBe(true));

  it.each(['content-type', 'accept', 'mcp-session-id', 'mcp-protocol-version', 'x-keyboard', 'tokenizer'])('leaves %s alone', (name) => {
    expect(isSecretHeaderName({ name })).toBe(false);
  });

  it('adds the names the learner marks, whatever their case', () => {
    expect(isSecretHeaderName({ name: 'X-Tenant', marked: ['x-tenant'] })).toBe(true);
    expect(isSecretHeaderName({ name: 'X-Tenant' })).toBe(false);
  });
});

describe('collectSecretValues', () => {
  it('finds the key in key headers, the token after an auth scheme, each cookie value, the URL password and secret query values', () => {
    const values = collectSecretValues({
      headers: {
        'x-api-key': 'sk-ant-echo-1234',
        authorization: 'Bearer tok-abcdefgh',
        cookie: 'session=cookie-value-1; theme=dark',
        accept: 'application/json-long',
      },
      url: 'https://learner:pass-word-9@api.example/v1?key=AIza-query-key&alt=json',
    });
    expect(values).toEqual(
      expect.arrayContaining(['sk-ant-echo-1234', 'Bearer tok-abcdefgh', 'tok-abcdefgh', 'cookie-value-1', 'pass-word-9', 'AIza-query-key']),
    );
    expect(values).not.toContain('application/json-long');
    expect(values).not.toContain('dark');
  });

  it('skips values too short to redact without hitting ordinary text, and the marker itself', () => {
    expect(collectSecretValues({ headers: { 'x-api-key': 'abc', authorization: REDACTED } })).toEqual([]);
  });
});

describe('redactSecretValues', () => {
  const key = 'sk-ant-echo-1234';

  it('replaces every occurrence, also as written in JSON and in a URL', () => {
    const tricky = 'sk-"quoted"/key+1';
    const text = `plain ${key}, twice ${key}; ${JSON.stringify({ echo: tricky })} ?k=${encodeURIComponent(tricky)}`;
    const redacted = redactSecretValues({ text, secrets: [key, tricky] });
    expect(redacted).not.toContain(key);
    expect(redacted).not.toContain(JSON.stringify(tricky).slice(1, -1));
    expect(redacted).not.toContain(encodeURIComponent(tricky));
    expect(redacted).toBe(`plain ${REDACTED}, twice ${REDACTED}; {"echo":"${REDACTED}"} ?k=${REDACTED}`);
  });

  it('replaces a secret as a form body writes it, where ~ and a space are spelt unlike in a URL (a PKCE verifier in a token request)', () => {
    const verifier = 'BmFUev~vbtU7Kyu.IdU6 (x)!';
    const body = new URLSearchParams({ grant_type: 'authorization_code', code_verifier: verifier }).toString();
    expect(redactSecretValues({ text: body, secrets: [verifier] })).toBe(`grant_type=authorization_code&code_verifier=${REDACTED}`);
  });

  it('replaces the longer secret first, so no half of it is left', () => {
    expect(redactSecretValues({ text: 'Bearer tok-abcdefgh', secrets: ['tok-abcdefgh', 'Bearer tok-abcdefgh'] })).toBe(REDACTED);
  });
});

describe('createSecretRedactor', () => {
  it('redacts each text as redactSecretValues does, with the spellings worked out once', () => {
    const secrets = ['sk-ant-echo-1234', 'sk-"quoted"/key+1'];
    const redact = createSecretRedactor(secrets);
    for (const text of ['plain sk-ant-echo-1234', JSON.stringify({ echo: secrets[1] }), `?k=${encodeURIComponent(secrets[1]!)}`, 'nothing secret here']) {
      expect(redact(text)).toBe(redactSecretValues({ text, secrets }));
    }
  });

  it('gives every text back as it is when there is no secret', () => {
    const text = 'data: {"jsonrpc":"2.0","id":1,"result":{}}';
    expect(createSecretRedactor([])(text)).toBe(text);
  });
});

describe('redactHeaderRecord', () => {
  it('shows secret names as the marker and removes known secrets from the other values', () => {
    expect(
      redactHeaderRecord({
        headers: { 'X-Api-Key': 'sk-ant-echo-1234', 'x-echo': 'you sent sk-ant-echo-1234', 'x-custom': 'hidden-by-mark', accept: 'text/plain' },
        secrets: ['sk-ant-echo-1234'],
        marked: ['x-custom'],
      }),
    ).toEqual({ 'X-Api-Key': REDACTED, 'x-echo': `you sent ${REDACTED}`, 'x-custom': REDACTED, accept: 'text/plain' });
  });
});

describe('redactUrl', () => {
  it('redacts the password and keeps the user name', () => {
    expect(redactUrl({ url: 'https://learner:s3cret-pass@mcp.example/mcp' })).toBe(`https://learner:${REDACTED}@mcp.example/mcp`);
  });

  it('redacts a token passed alone as the user name', () => {
    expect(redactUrl({ url: 'https://ghp_token123456@git.example/x' })).toBe(`https://${REDACTED}@git.example/x`);
  });

  it.each(['key', 'api_key', 'apikey', 'access_token', 'token', 'client_secret', 'code_verifier'])(
    'redacts the %s query parameter and keeps the others',
    (name) => {
      const redacted = redactUrl({ url: `https://example.test/v1?${name}=s3cret-value&alt=json` });
      expect(redacted).toBe(`https://example.test/v1?${name}=${REDACTED}&alt=json`);
    },
  );

  it('still removes a known secret from an address with no user name and no query, which it does not parse', () => {
    expect(redactUrl({ url: 'https://example.test/v1/sk-ant-echo-1234/x', secrets: ['sk-ant-echo-1234'] })).toBe(`https://example.test/v1/${REDACTED}/x`);
    expect(collectSecretValues({ url: 'https://example.test/v1/models/gemini:generateContent' })).toEqual([]);
    expect(collectSecretValues({ url: 'HTTPS://Learner:Pass-Word-9@API.example/v1' })).toEqual(expect.arrayContaining(['Pass-Word-9']));
  });

  it('leaves a URL without secrets exactly as written, and text that is no URL readable', () => {
    expect(redactUrl({ url: 'http://127.0.0.1:3000/mcp' })).toBe('http://127.0.0.1:3000/mcp');
    expect(redactUrl({ url: 'not a url sk-ant-echo-1234', secrets: ['sk-ant-echo-1234'] })).toBe(`not a url ${REDACTED}`);
  });
});

describe('redactSecretsInData', () => {
  it('redacts strings at any depth without recursing, in arrays, and under a __proto__ key', () => {
    const key = 'sk-ant-echo-1234';
    let deep: unknown = { text: `echo ${key}` };
    for (let level = 0; level < 100_000; level++) deep = { inner: deep };
    const data = JSON.parse(`{"__proto__": "${key}", "list": ["${key}", 1, null]}`) as Record<string, unknown>;
    data.deep = deep;
    redactSecretsInData({ data, secrets: [key] });
    expect(JSON.stringify(data.list)).toBe(`["${REDACTED}",1,null]`);
    expect(Object.getOwnPropertyDescriptor(data, '__proto__')?.value).toBe(REDACTED);
    expect(Object.getPrototypeOf(data)).toBe(Object.prototype);
    let cursor = data.deep as { inner?: unknown; text?: string };
    while (cursor.inner) cursor = cursor.inner as typeof cursor;
    expect(cursor.text).toBe(`echo ${REDACTED}`);
  });
});
