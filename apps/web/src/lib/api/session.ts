/**
 * Whether the app believes someone is logged in, kept outside React so the one fetch client can read it. The
 * session itself is an httpOnly cookie the app never sees; a 401 while this is true means it was lost (expired,
 * logged out in another tab), and the app starts again as the spec asks: clear what it holds and reload.
 */
let loggedIn = false;
let onSessionLost: () => void = () => window.location.reload();

export const sessionBelief = {
  get loggedIn(): boolean {
    return loggedIn;
  },
  set(value: boolean): void {
    loggedIn = value;
  },
  /** The app installs what losing the session does (clear the query cache, then reload). */
  onLost(handler: () => void): void {
    onSessionLost = handler;
  },
  lost(): void {
    loggedIn = false;
    onSessionLost();
  },
};
