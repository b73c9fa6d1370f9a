import { AlertCircle, Info } from 'lucide-react';
import type { ReactNode } from 'react';

/** An inline message. 'error' is announced at once (role alert); 'info' is a plain note. */
export function Alert({ tone = 'error', children }: { tone?: 'error' | 'info'; children: ReactNode }) {
  const Icon = tone === 'error' ? AlertCircle : Info;
  return (
    <div
      role={tone === 'error' ? 'alert' : undefined}
      className={`flex items-start gap-2 rounded-md border p-3 ${tone === 'error' ? 'border-red-700 bg-red-50 text-red-800' : 'border-gray-300 bg-secondary-2 text-gray-800'}`}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div>{children}</div>
    </div>
  );
}
