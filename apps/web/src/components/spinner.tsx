import { LoaderCircle } from 'lucide-react';

/** A spinner with a name for screen readers; `label` says what is loading. */
export function Spinner({ label, className = '' }: { label: string; className?: string }) {
  return (
    <span role="status" className={`inline-flex items-center gap-2 ${className}`}>
      <LoaderCircle aria-hidden="true" className="size-6 animate-spin text-primary-text" />
      <span className="sr-only">{label}</span>
    </span>
  );
}

export function PageSpinner({ label }: { label: string }) {
  return (
    <div className="flex min-h-48 items-center justify-center">
      <Spinner label={label} />
    </div>
  );
}
