/** A JSON response; header values are kept to ASCII, as HTTP requires. */
export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  const asciiHeaders = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, value.replace(/[^\x20-\x7e]/g, '?')]));
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...asciiHeaders },
  });
}
