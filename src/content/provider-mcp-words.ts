/** What the run shows of the provider's hop, for the steps of the article it does not have. */
export type ProviderHopFacts = { serverSawProgress: boolean; approvalDenied: boolean; callsReported: boolean };

/**
 * Why a step of the article is not in a provider-side run: which of the twenty moved to the
 * provider (the three translations among them), and which the host could not see at all.
 * Undefined for a step the provider's report or the host itself accounts for.
 */
export function describeMovedToProvider(canonical: number, facts: ProviderHopFacts): string | undefined {
  const serverReport = facts.serverSawProgress
    ? 'The server’s own report went to the provider’s MCP client, not to the host; its record, read back after the reply, shows what it sent (seen by the server).'
    : 'The server’s own report, if it made one, went to the provider’s MCP client, not to the host.';
  switch (canonical) {
    case 2:
      return 'Moved to the provider: its own MCP client connects to the server. The host’s MCP client stays idle.';
    case 4:
      return serverReport;
    case 6:
      return 'Moved to the provider: its MCP client hands the tools to its own model.';
    case 7:
      return 'Translation #1 moved to the provider: it turns the MCP tool definitions into what its model reads. The host translated nothing.';
    case 9:
    case 10:
      return 'Inside the provider: the model’s choice and its call go straight to the provider’s MCP client. The reply reports only the call that was made (and an approval request, where the provider asks first).';
    case 11:
      return 'Translation #2 moved to the provider: it turns its model’s call into tools/call itself.';
    case 12:
    case 16:
      if (facts.callsReported) return undefined;
      return facts.approvalDenied
        ? 'The call was denied at the approval gate, so the provider never sent tools/call.'
        : 'The provider reported no tools/call in this run.';
    case 13:
    case 14:
    case 15:
      return facts.callsReported ? serverReport : undefined;
    case 17:
      return 'Moved to the provider: its MCP client hands the result to its own model.';
    case 18:
      return 'Translation #3 moved to the provider: it puts the tool result into its model’s context. The host sends no tool result.';
    default:
      return undefined;
  }
}
