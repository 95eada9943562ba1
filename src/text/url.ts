/** Addresses: which are this machine. */

/** Loopback: 127.0.0.0/8, ::1 (also as an IPv4-mapped address), localhost. */
export function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost') || host === '::1') return true;
  if (/^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)) return true;
  // The URL parser writes ::ffff:127.0.0.1 as ::ffff:7f00:1.
  return /^::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}$/.test(host);
}

/** HTTPS, or plain HTTP to this machine: what a script or a key may travel over. */
export function isSecureUrl(url: URL): boolean {
  return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopback(url.hostname));
}

/** A URL as it may be shown: a user name or password in it written as `***` (it may be a secret). */
export function shownUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    // Not a URL: whatever sits before its last @ may still be a password (a raw / in it included).
    return text.replace(/^([a-z][a-z0-9+.-]*:\/*)?.*@/is, '$1***@');
  }
  if (!url.username && !url.password) return text;
  url.username = '***';
  url.password = '';
  return url.href;
}
