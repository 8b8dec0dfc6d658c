import { describe, expect, it } from 'vitest';
import { findWireTerm } from './wire-glossary.ts';

describe('findWireTerm', () => {
  it('explains every MCP header and SSE field the annotated wire names, whatever their case', () => {
    for (const name of ['MCP-Protocol-Version', 'mcp-session-id', 'Mcp-Method', 'Mcp-Name', 'Accept', 'Last-Event-ID', 'event:', 'data:', 'id:']) {
      expect(findWireTerm(name)?.spec.url, name).toMatch(/^https:\/\//);
    }
  });

  it('explains a provider stream’s fields in the provider’s words, not as JSON-RPC', () => {
    for (const name of ['event:', 'data:', 'id:', 'Content-Type']) {
      const term = findWireTerm(name, 'provider');
      expect(term?.spec.url, name).toMatch(/^https:\/\//);
      expect(term?.explanation, name).not.toMatch(/JSON-RPC message|MCP sends/);
      expect(term?.explanation, name).not.toBe(findWireTerm(name, 'mcp')?.explanation);
    }
    expect(findWireTerm('data:', 'provider')?.explanation).toContain("model's reply");
    expect(findWireTerm('anthropic-version', 'provider')?.term).toBe('anthropic-version');
  });

  it('gives MCP’s headers no meaning on a provider’s exchange, and a provider’s none on MCP’s', () => {
    for (const name of ['mcp-session-id', 'mcp-protocol-version', 'last-event-id']) expect(findWireTerm(name, 'provider'), name).toBeUndefined();
    expect(findWireTerm('anthropic-version', 'mcp')).toBeUndefined();
    // An own property only: a header named like Object's members is no term.
    expect(findWireTerm('constructor', 'provider')).toBeUndefined();
  });
});
