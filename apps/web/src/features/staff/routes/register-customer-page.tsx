import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../lib/api';
import { useRegisterCustomer } from '../api';
import { inputClass, primaryClass } from '../components/staff-sign-in';
import { type StaffKey, useStaffT } from '../strings';

const fields = [
  { name: 'first_name', label: 'firstName', type: 'text', required: true },
  { name: 'last_name', label: 'lastName', type: 'text', required: true },
  { name: 'email', label: 'email', type: 'email', required: true },
  { name: 'phone', label: 'phone', type: 'tel', required: false },
  { name: 'date_of_birth', label: 'dateOfBirth', type: 'date', required: false },
] as const satisfies readonly { name: string; label: StaffKey; type: string; required: boolean }[];

/** Register a customer at the desk (no password: they set one from the reset email when they want to). */
export function RegisterCustomerPage() {
  const t = useStaffT();
  const id = useId();
  const navigate = useNavigate();
  const registerCustomer = useRegisterCustomer();
  const [values, setValues] = useState<Record<string, string>>({});
  const fieldErrors = isApiError(registerCustomer.error) ? registerCustomer.error.fieldErrors : {};

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = {
      first_name: values.first_name ?? '',
      last_name: values.last_name ?? '',
      email: values.email ?? '',
      ...(values.phone ? { phone: values.phone } : {}),
      ...(values.date_of_birth ? { date_of_birth: values.date_of_birth } : {}),
    };
    registerCustomer.mutate(body, { onSuccess: (customer) => navigate(`/staff/customers/${customer.id}`) });
  };

  return (
    <div>
      <h1 className="text-2xl font-bold">{t('registerTitle')}</h1>
      <form onSubmit={submit} className="mt-4 flex max-w-xl flex-col gap-4" noValidate>
        {fields.map((f) => {
          const error = fieldErrors?.[f.name]?.[0];
          return (
            <div key={f.name}>
              <label htmlFor={`${id}-${f.name}`} className="font-semibold">
                {t(f.label)}
              </label>
              <input
                id={`${id}-${f.name}`}
                name={f.name}
                type={f.type}
                required={f.required}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-${f.name}-error` : undefined}
                value={values[f.name] ?? ''}
                onChange={(e) => setValues((v) => ({ ...v, [f.name]: e.target.value }))}
                className={inputClass}
              />
              {error ? (
                <p id={`${id}-${f.name}-error`} className="mt-1 text-red-800">
                  {error}
                </p>
              ) : null}
            </div>
          );
        })}
        {registerCustomer.isError && !Object.keys(fieldErrors ?? {}).length ? (
          <p role="alert" className="text-red-800">
            {registerCustomer.error.message}
          </p>
        ) : null}
        <button type="submit" className={primaryClass} disabled={registerCustomer.isPending}>
          {t('register')}
        </button>
      </form>
    </div>
  );
}
