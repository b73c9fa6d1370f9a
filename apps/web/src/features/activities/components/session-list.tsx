import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/alert';
import { PageSpinner } from '../../../components/spinner';
import type { RowView } from '../rows';

interface SessionListProps {
  isPending: boolean;
  isError: boolean;
  /** Rows before filtering, to tell "nothing on" from "nothing matches". */
  total: number;
  rows: RowView[];
  renderRow: (row: RowView) => ReactNode;
}

/** The day's rows under a Sessions heading, or why there are none. */
export function SessionList({ isPending, isError, total, rows, renderRow }: SessionListProps) {
  const { t } = useTranslation('activities');
  return (
    <section aria-labelledby="sessions-heading" className="flex flex-col gap-4">
      <h2 id="sessions-heading" className="text-2xl font-bold">
        {t('timetable.sessions')}
      </h2>
      {isPending ? <PageSpinner label={t('timetable.sessions')} /> : null}
      {isError ? <Alert>{t('timetable.failed')}</Alert> : null}
      {!isPending && !isError && total === 0 ? <p>{t('timetable.noSessions')}</p> : null}
      {total > 0 && rows.length === 0 ? <p>{t('timetable.noneMatch')}</p> : null}
      {rows.length ? (
        <ul className="flex flex-col gap-3">
          {rows.map((row) => (
            <li key={row.id}>{renderRow(row)}</li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
