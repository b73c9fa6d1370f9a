import { useTranslation } from 'react-i18next';
import { LazySelectField } from '../../../components/lazy-select-field';

interface ActingForSelectProps {
  label?: string;
  me: string;
  users: { id: number; name: string }[];
  value: number | null;
  onChange: (id: number | null) => void;
}

/**
 * Whose account to show and book for: yourself or someone who accepted your link (doc 1: selected user id). React
 * Aria's select loads when the field is first used (decision 294).
 */
export function ActingForSelect({ label, me, users, value, onChange }: ActingForSelectProps) {
  const { t } = useTranslation('account');
  const options = [{ value: 'me', label: t('actingFor.me', { name: me }) }, ...users.map((u) => ({ value: String(u.id), label: u.name }))];
  return (
    <LazySelectField
      label={label ?? t('actingFor.label')}
      value={value === null ? 'me' : String(value)}
      options={options}
      onChange={(v) => onChange(v === 'me' ? null : Number(v))}
    />
  );
}
