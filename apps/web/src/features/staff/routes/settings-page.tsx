import { deskIdleBounds } from '@app/contracts';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useDeskSettings, useSaveDeskSettings } from '../api';
import { inputClass, primaryClass } from '../components/staff-sign-in';
import { useStaffT } from '../strings';

/**
 * The desk's settings, for managers and administrators (decision 239): how long a desk may sit idle before it is
 * signed out, by the server and by this browser.
 */
export function SettingsPage() {
  const t = useStaffT();
  const id = useId();
  const current = useDeskSettings();
  const save = useSaveDeskSettings();
  const [minutes, setMinutes] = useState('');
  const loaded = current.data?.deskIdleMinutes;
  useEffect(() => {
    if (loaded !== undefined) setMinutes(String(loaded));
  }, [loaded]);
  useEffect(() => {
    document.title = t('settingsTitle');
  }, [t]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate({ desk_idle_minutes: Number(minutes) });
  };

  return (
    <div>
      <h1 className="text-2xl font-bold">{t('settingsTitle')}</h1>
      {current.isPending ? <p role="status">{t('loading')}</p> : null}
      {current.isError ? <p role="alert">{t('loadFailed')}</p> : null}
      {current.isSuccess ? (
        <form onSubmit={submit} className="mt-4 flex max-w-md flex-col gap-3">
          <label htmlFor={`${id}-idle`} className="font-semibold">
            {t('deskIdleMinutes')}
            <input
              id={`${id}-idle`}
              type="number"
              inputMode="numeric"
              required
              min={deskIdleBounds.min}
              max={deskIdleBounds.max}
              aria-describedby={`${id}-hint`}
              value={minutes}
              onChange={(e) => setMinutes(e.target.value)}
              className={inputClass}
            />
          </label>
          <p id={`${id}-hint`} className="text-sm text-gray-700">
            {t('deskIdleHint', { min: deskIdleBounds.min, max: deskIdleBounds.max })}
          </p>
          <button type="submit" className={primaryClass} disabled={save.isPending}>
            {t('saveSettings')}
          </button>
          <div role="status">{save.isSuccess ? t('settingsSaved') : null}</div>
          {save.isError ? <p role="alert">{save.error.message}</p> : null}
        </form>
      ) : null}
    </div>
  );
}
