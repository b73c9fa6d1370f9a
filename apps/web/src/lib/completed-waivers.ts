/**
 * The waiver agreements made on the /attendees page for the basket being paid for, sent as `completed_waivers` on
 * authorise and complete (doc 1, section 7). Kept for the tab (a 3-D Secure redirect comes back to the same tab) and
 * reset on basket clear, order completion and payment success (doc 1, section 4: "Waiver data resets ...").
 */
const KEY = 'completed_waivers';

function load(): number[] {
  try {
    const parsed: unknown = JSON.parse(window.sessionStorage.getItem(KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((n): n is number => Number.isInteger(n)) : [];
  } catch {
    return [];
  }
}

export const completedWaivers = {
  read: (): number[] => (typeof window === 'undefined' ? [] : load()),
  add(ids: number[]) {
    const next = [...new Set([...load(), ...ids])];
    try {
      window.sessionStorage.setItem(KEY, JSON.stringify(next));
    } catch {
      // storage may be blocked inside a frame: the server still knows the agreements, only this list is lost
    }
  },
  reset() {
    try {
      window.sessionStorage.removeItem(KEY);
    } catch {
      // nothing kept
    }
  },
};
