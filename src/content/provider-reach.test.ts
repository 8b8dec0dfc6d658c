import { describe, expect, it } from 'vitest';
import { describeUnreachableServer, explainProviderMcpFailure, isPrivateHostname } from './provider-reach.ts';

describe('describeUnreachableServer', () => {
  it.each(['http://127.0.0.1:3000/mcp', 'http://localhost:3000/mcp', 'http://[::1]:3000/mcp'])('says %s is this machine', (url) => {
    expect(describeUnreachableServer({ url, inBrowser: false })).toContain('is this machine');
  });

  it.each([
    'http://10.0.0.5/mcp',
    'https://192.168.1.20/mcp',
    'https://172.20.0.1/mcp',
    'https://mcp.internal/mcp',
    'https://nas/mcp',
    'https://[fd00::1]/mcp',
  ])('says %s is a private network', (url) => {
    expect(describeUnreachableServer({ url, inBrowser: false })).toContain('private or local');
  });

  it('says a server in this page’s Service Worker answers only this browser', () => {
    expect(describeUnreachableServer({ url: 'https://you.github.io/explorer/mcp', inBrowser: true })).toContain('Service Worker');
  });

  it('has nothing to say of a public https server, and asks for https over plain http', () => {
    expect(describeUnreachableServer({ url: 'https://mcp.example.com/mcp', inBrowser: false })).toBeUndefined();
    expect(describeUnreachableServer({ url: 'http://mcp.example.com/mcp', inBrowser: false })).toContain('https');
  });

  it('reads 172.32.x and 8.8.8.8 as public', () => {
    expect(isPrivateHostname('172.32.0.1')).toBe(false);
    expect(isPrivateHostname('8.8.8.8')).toBe(false);
  });
});

describe('explainProviderMcpFailure', () => {
  it('explains OpenAI’s 424 about a loopback server as the provider not reaching this machine', () => {
    const explained = explainProviderMcpFailure({
      status: 424,
      body: '{"error":{"message":"Error retrieving tool list from MCP server: \'explorer\'. Http status code: 424 (Failed Dependency)"}}',
      serverUrl: 'http://127.0.0.1:3000/mcp',
    });
    expect(explained?.why).toContain('is this machine');
    expect(explained?.fix).toContain('host-side MCP');
  });

  it('leaves an error about something else (the key) alone', () => {
    expect(
      explainProviderMcpFailure({ status: 401, body: '{"error":{"message":"Incorrect API key"}}', serverUrl: 'http://127.0.0.1:3000/mcp' }),
    ).toBeUndefined();
  });
});
