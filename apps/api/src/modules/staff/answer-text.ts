/**
 * An answer to a custom question as the register shows it (issue 15 item 5): a choice by
 * its words rather than its id, several choices joined, yes or no for a tick, and text as typed. An answer the
 * question no longer explains (a choice since removed) shows as given rather than disappearing.
 */
export function answerText(options: readonly { id: number; value: string }[], answer: unknown): string {
  const one = (a: unknown): string => {
    if (typeof a === 'boolean') return a ? 'Yes' : 'No';
    if (typeof a === 'number') return options.find((o) => o.id === a)?.value ?? String(a);
    if (typeof a === 'string') return a;
    if (a === null || a === undefined) return '';
    return JSON.stringify(a);
  };
  if (Array.isArray(answer)) return answer.map(one).join(', ');
  return one(answer);
}
