/** Pounds typed at the desk ('20', '20.5', '20.50') as pence; null for anything else (negative, three decimals). */
export function penceOf(text: string): number | null {
  const m = /^\s*(\d{1,6})(?:\.(\d{1,2}))?\s*$/.exec(text);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** The venue the desk works at, kept for the tab so the till and the checkout agree (decision 161). */
const KEY = 'desk_venue';
export const deskVenue = {
  get(): number | null {
    try {
      return Number(window.sessionStorage.getItem(KEY)) || null;
    } catch {
      return null;
    }
  },
  set(id: number) {
    try {
      window.sessionStorage.setItem(KEY, String(id));
    } catch {
      // storage may be blocked: the first venue is used then
    }
  },
};
