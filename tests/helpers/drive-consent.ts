/**
 * The user's browser at a consent page, for tests: follows the authorization server's
 * redirects by hand (keeping its cookies, as a browser would), and stops at the first
 * one that goes to the redirect URI, which it returns with the code, state and iss.
 */
export async function driveConsent({ authorizationUrl, redirectUri }: { authorizationUrl: string; redirectUri: string }): Promise<string> {
  const cookies = new Map<string, string>();
  let next = authorizationUrl;
  for (let hop = 0; hop < 20; hop += 1) {
    const response = await fetch(next, { redirect: 'manual', headers: { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') } });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const equals = pair!.indexOf('=');
      const name = pair!.slice(0, equals).trim();
      const value = pair!.slice(equals + 1).trim();
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) cookies.delete(name);
      else cookies.set(name, value);
    }
    const location = response.headers.get('location');
    await response.body?.cancel();
    if (location === null) throw new Error(`The consent page stopped at ${next} with HTTP ${response.status} and no redirect.`);
    const target = new URL(location, next).toString();
    if (target.startsWith(redirectUri)) return target;
    next = target;
  }
  throw new Error('The consent page redirected more than 20 times.');
}
