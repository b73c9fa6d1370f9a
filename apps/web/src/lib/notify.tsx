import { toastMessages } from '@app/contracts';
import { useSyncExternalStore } from 'react';
import { isApiError } from './api';

/*
 * The toast library loads with the first notice, not with the shell (decision 210): most page views show none. Its
 * store is module-wide, so a notice raised before the toaster has mounted shows as soon as it has.
 */
type Toasts = typeof import('react-hot-toast');
let library: Promise<Toasts> | null = null;
const listeners = new Set<() => void>();

/** The toast library, loading it on the first call; the shell's toaster mounts once it is asked for. */
export function loadToasts(): Promise<Toasts> {
  if (!library) {
    library = import('react-hot-toast');
    for (const listener of listeners) listener();
  }
  return library;
}

/** Whether any notice has been raised yet: until then the shell renders no toaster. */
export function useToastsWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => library !== null,
  );
}

/** Toast durations of doc 1, section 9 (0 means never close). */
export const toastDurations = { short: 3000, normal: 5000, long: 10000, sticky: 0 } as const;

/** The spec's duration as the toast library takes it: 0 (never close) is Infinity there; unset keeps the 5 s default. */
const optionsFor = (duration: number | undefined) =>
  duration === undefined ? undefined : { duration: duration === 0 ? Number.POSITIVE_INFINITY : duration };

function Notice({ title, lines }: { title: string; lines: string[] }) {
  return (
    <div>
      <p className="font-bold">{title}</p>
      {lines.length === 1 ? (
        <p>{lines[0]}</p>
      ) : (
        <ul className="list-disc pl-4">
          {lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

export const notifySuccess = async (text: string, duration?: number) => (await loadToasts()).default.success(text, optionsFor(duration));

export const notifyInfo = async (text: string, duration?: number) => (await loadToasts()).default(text, optionsFor(duration));

/**
 * The danger notice: a title (default 'Error') and a text. A 422 is titled 'Validation errors' and lists every
 * field message; any other failure shows the server's message, else the default for its status.
 */
export async function notifyError(error: unknown, options: { title?: string; fallback?: string; duration?: number } = {}) {
  const { default: toast } = await loadToasts();
  const opts = optionsFor(options.duration);
  if (isApiError(error) && error.status === 422 && error.fieldMessages.length > 0) {
    return toast.error(<Notice title={toastMessages.validationTitle} lines={error.fieldMessages} />, opts);
  }
  const text = isApiError(error) ? error.message : typeof error === 'string' ? error : (options.fallback ?? toastMessages.errorTitle);
  return toast.error(<Notice title={options.title ?? toastMessages.errorTitle} lines={[text]} />, opts);
}
