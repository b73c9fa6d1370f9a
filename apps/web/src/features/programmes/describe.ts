import { showDate, showWeekday } from '../../lib/format';
import type { ProgrammeInfo } from './api/get-programmes';

type Occurrences = ProgrammeInfo['occurrences'];

/** Monday first (doc 1, section 9): the order weekdays are listed in. */
const weekOrder = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** When a programme meets, from its sessions: 'Wed 19:00 - 19:45', or 'Mon, Tue, Wed, Thu, Fri 09:00 - 15:00'. */
export function scheduleSummary(occurrences: Occurrences): string {
  const first = occurrences[0];
  if (!first) return '';
  const days = [...new Set(occurrences.map((o) => showWeekday(o.startsAt.text)))].sort(
    (a, b) => weekOrder.indexOf(a) - weekOrder.indexOf(b),
  );
  return `${days.join(', ')} ${first.startsAt.format24Hour} - ${first.endsAt.format24Hour}`;
}

/** The day a programme starts or ends, on the centre's calendar, as the session details show days: 'Wed, 2 Dec 2026'. */
export const dayOf = (at: { text: string } | null): string => (at ? showDate(at.text) : '');
