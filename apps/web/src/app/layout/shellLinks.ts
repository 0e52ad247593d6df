/** The sidebar's entry that opens the check-in dialog instead of a screen. */
export const CHECK_IN_KEY = 'action:check-in';

/** The point of sale opens in a new tab with the session's token (spec 000 §2). */
export function posLink(posUrl: string, token: string): string {
  const url = new URL(posUrl, window.location.origin);
  url.searchParams.set('token', token);
  return url.toString();
}
