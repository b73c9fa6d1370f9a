/** A session's start or end (an ISO instant) as the desk's clock shows it. */
export const showTime = (iso: string): string => new Date(iso).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
