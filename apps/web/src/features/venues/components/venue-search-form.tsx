import { DEFAULT_RADIUS_MILES } from '@app/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { LocateFixed, Search } from 'lucide-react';
import { FieldError, Group, Input, Label, NumberField, Radio, RadioGroup, Button as StepButton } from 'react-aria-components';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/fields';
import type { VenueSearchParams } from '../api/search-venues';
import { type SearchForm, searchFormSchema, searchOf } from '../search-form-schema';
import { useCurrentPosition } from '../use-current-position';

interface VenueSearchFormProps {
  onSearch: (params: VenueSearchParams) => void;
  defaultRadius?: number;
  isSearching: boolean;
}

/** Search by town or by postcode within a radius (0 to 30 miles), or from the customer's own location. */
export function VenueSearchForm({ onSearch, defaultRadius = DEFAULT_RADIUS_MILES, isSearching }: VenueSearchFormProps) {
  const { t } = useTranslation('venues');
  const { control, handleSubmit, watch, getValues } = useForm<SearchForm>({
    resolver: zodResolver(searchFormSchema),
    defaultValues: { by: 'town', place: '', radius: defaultRadius },
  });
  const by = watch('by');
  const position = useCurrentPosition();

  return (
    <form
      noValidate
      onSubmit={handleSubmit((form) => onSearch(searchOf(form)))}
      className="flex flex-col gap-4 rounded-lg border border-gray-300 p-5"
    >
      <Controller
        control={control}
        name="by"
        render={({ field }) => (
          <RadioGroup value={field.value} onChange={field.onChange} orientation="horizontal" className="flex flex-col gap-2">
            <Label className="font-bold">{t('search.by')}</Label>
            <div className="flex flex-wrap gap-4">
              {(['town', 'postcode'] as const).map((option) => (
                <Radio key={option} value={option} className="group inline-flex min-h-11 cursor-pointer items-center gap-2">
                  <span
                    aria-hidden="true"
                    className="size-6 rounded-full border-2 border-gray-600 bg-white group-data-[focus-visible]:outline-3 group-data-[focus-visible]:outline-offset-2 group-data-[focus-visible]:outline-primary-text group-data-[selected]:border-[7px] group-data-[selected]:border-primary"
                  />
                  {t(`search.${option}`)}
                </Radio>
              ))}
            </div>
          </RadioGroup>
        )}
      />
      <div className="grid gap-4 sm:grid-cols-[1fr_14rem]">
        <TextField
          key={by}
          control={control}
          name="place"
          label={t(by === 'town' ? 'search.townLabel' : 'search.postcodeLabel')}
          description={by === 'postcode' ? t('search.postcodeHint') : undefined}
          autoComplete={by === 'postcode' ? 'postal-code' : 'address-level2'}
        />
        <Controller
          control={control}
          name="radius"
          render={({ field, fieldState }) => (
            <NumberField
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              minValue={0}
              maxValue={30}
              step={1}
              isInvalid={fieldState.invalid}
              validationBehavior="aria"
              className="flex flex-col gap-1"
            >
              <Label className="font-bold">{t('search.radius')}</Label>
              <Group className="flex items-center gap-1">
                <StepButton slot="decrement" className="size-11 rounded-md border border-gray-500 text-xl font-bold">
                  -
                </StepButton>
                <Input className="h-11 w-16 rounded-md border border-gray-500 text-center" />
                <StepButton slot="increment" className="size-11 rounded-md border border-gray-500 text-xl font-bold">
                  +
                </StepButton>
              </Group>
              <FieldError className="text-sm font-bold text-red-700">{fieldState.error?.message}</FieldError>
            </NumberField>
          )}
        />
      </div>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" isDisabled={isSearching}>
          <Search aria-hidden="true" className="size-5" />
          {t('search.submit')}
        </Button>
        <Button
          variant="secondary"
          isDisabled={isSearching || position.status === 'locating'}
          onPress={() => position.locate((point) => onSearch({ ...point, radius: getValues('radius') }))}
        >
          <LocateFixed aria-hidden="true" className="size-5" />
          {position.status === 'locating' ? t('search.locating') : t('search.useLocation')}
        </Button>
      </div>
      {position.status === 'failed' ? <Alert>{t('search.locationFailed')}</Alert> : null}
      {position.status === 'unsupported' ? <Alert>{t('search.locationUnsupported')}</Alert> : null}
    </form>
  );
}
