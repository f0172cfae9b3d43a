/**
 * Full-page navigations that leave the single-page app (sign-in starts on the server).
 * One object so tests can watch where the page would go.
 */
export const pageNavigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};

/** True for localhost and literal IP addresses: the only hosts that show the Dev sign-in buttons (spec §2). */
export function isDevHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(host)) return host.split('.').every((part) => Number(part) <= 255);
  return host.includes(':') && /^[0-9a-f:.]+$/.test(host);
}

export type DevLoginAs = 'admin' | 'user' | 'invalid';

export function devLoginUrl(as: DevLoginAs, redirect: string): string {
  return `/api/account/dev_login.php?as=${as}&redirect=${encodeURIComponent(redirect)}`;
}

export function oauthStartUrl(provider: string): string {
  return `/api/account/oauth/start.php?provider=${encodeURIComponent(provider)}`;
}

/** The path to come back to after a sign-in round trip. */
export function currentPath(): string {
  return window.location.pathname + window.location.search;
}
