/** The development outbox page (ours; the spec only says a development page lists the outbox). */
export const outbox = {
  title: 'Email outbox',
  intro: 'Email written here instead of being sent, because no SMTP server is configured. Newest first.',
  empty: 'No email yet.',
  failed: 'The outbox could not be loaded.',
  meta: 'To {{to}}, {{at}}',
} as const;
