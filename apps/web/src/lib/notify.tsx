import { toastMessages } from '@app/contracts';
import toast from 'react-hot-toast';
import { isApiError } from './api';

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

export const notifySuccess = (text: string, duration?: number) => toast.success(text, optionsFor(duration));

export const notifyInfo = (text: string, duration?: number) => toast(text, optionsFor(duration));

/**
 * The danger notice: a title (default 'Error') and a text. A 422 is titled 'Validation errors' and lists every
 * field message; any other failure shows the server's message, else the default for its status.
 */
export function notifyError(error: unknown, options: { title?: string; fallback?: string; duration?: number } = {}) {
  const opts = optionsFor(options.duration);
  if (isApiError(error) && error.status === 422 && error.fieldMessages.length > 0) {
    return toast.error(<Notice title={toastMessages.validationTitle} lines={error.fieldMessages} />, opts);
  }
  const text = isApiError(error) ? error.message : typeof error === 'string' ? error : (options.fallback ?? toastMessages.errorTitle);
  return toast.error(<Notice title={options.title ?? toastMessages.errorTitle} lines={[text]} />, opts);
}
