import { useEffect, useRef } from 'react';

export interface SummaryError {
  /** The id of the field's input (or of a wrapper holding it). */
  id: string;
  message: string;
}

/** Moves focus to the field a summary link names: its input, or the first input inside it. */
function focusField(id: string) {
  const target = document.getElementById(id);
  const input = target?.matches('input, select, textarea') ? target : target?.querySelector<HTMLElement>('input, select, textarea');
  (input ?? target)?.focus();
  (input ?? target)?.scrollIntoView?.({ block: 'center' });
}

/**
 * The GOV.UK error summary for long forms (issue 13, defect 7): a heading, then a link to each field with what it
 * needs. It takes focus on each failed submit (`attempt` counts them), so a keyboard or screen reader user hears
 * what is wrong, and each link moves focus to its field.
 */
export function ErrorSummary({ title, errors, attempt }: { title: string; errors: SummaryError[]; attempt: number }) {
  const ref = useRef<HTMLElement>(null);
  const focusedFor = useRef(0);
  const shown = errors.length > 0;
  // Once per failed submit, as soon as the errors are drawn: react-hook-form reports the failure (which counts the
  // attempt) before it publishes the errors, so in a browser the count and the list can arrive in either order.
  useEffect(() => {
    if (attempt <= focusedFor.current || !shown) return;
    focusedFor.current = attempt;
    ref.current?.focus();
  }, [attempt, shown]);
  if (!shown) return null;
  return (
    <section
      ref={ref}
      tabIndex={-1}
      aria-labelledby="error-summary-title"
      className="flex flex-col gap-2 rounded-md border-4 border-red-700 bg-white p-4 focus:outline-3 focus:outline-solid focus:outline-offset-2 focus:outline-primary-text"
    >
      <h2 id="error-summary-title" className="text-xl font-bold">
        {title}
      </h2>
      <ul className="flex flex-col gap-1">
        {errors.map((e) => (
          <li key={e.id}>
            <a
              href={`#${e.id}`}
              className="font-bold text-red-700 underline underline-offset-2"
              onClick={(event) => {
                event.preventDefault();
                focusField(e.id);
              }}
            >
              {e.message}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
