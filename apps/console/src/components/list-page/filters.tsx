import { opsConfigApi } from '@lending/contract';
import { DatePicker, Input, InputNumber, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useGrants } from '../../lib/grants';
import { paiseToRupeesText, rupeesTextToPaise } from '../../lib/units';
import { useEndpointQuery } from '../../lib/use-endpoint';
import type { FilterControlProps, FilterSpec, KeysOf, StatusTags } from './types';

const DATE = 'YYYY-MM-DD';

export interface FilterOption<V> {
  value: V;
  /** As shown (already translated, or a name from the data). */
  label: string;
}

/** The filter kinds of a list screen, typed by its endpoint's filters. */
export interface FilterBuilders<F> {
  /**
   * Free text (the server decides how it matches: contains, exact).
   * @example filter.text('email', 'loginLog.email')
   */
  text(
    name: KeysOf<F, string | undefined>,
    label: string,
    options?: { placeholder?: string },
  ): FilterSpec;
  /**
   * A whole number.
   * @example filter.number('overdueDaysMin', 'order.overdueDaysMin')
   */
  number(name: KeysOf<F, number | undefined>, label: string): FilterSpec;
  /**
   * One of a fixed set of values, each with its translated label.
   * @example filter.choice('result', 'loginLog.result', { success: 'loginLog.success', failure: 'loginLog.failure' })
   */
  choice<K extends KeysOf<F, string | undefined>>(
    name: K,
    label: string,
    labels: Record<Extract<F[K], string>, string>,
  ): FilterSpec;
  /**
   * One of options known at run time (a remote list, or names from the data). `useOptions` is
   * a hook: it may read a query.
   * @example filter.select('roleId', 'account.roles', useRoleOptions)
   */
  select<K extends keyof F & string>(
    name: K,
    label: string,
    useOptions: () => readonly FilterOption<Exclude<F[K], undefined>>[],
  ): FilterSpec;
  /**
   * An acquisition channel by its code: a select of the channels for whoever may list them
   * (/channel), the code typed otherwise.
   * @example filter.channel('channel', 'channelReport.channel')
   */
  channel(name: KeysOf<F, string | undefined>, label: string): FilterSpec;
  /**
   * A status, with the labels of its tags (the same tags as its column).
   * @example filter.status('status', 'account.status', staffStatusTags)
   */
  status<K extends KeysOf<F, string | undefined>>(
    name: K,
    label: string,
    tags: StatusTags<Extract<F[K], string>>,
  ): FilterSpec;
  /**
   * A range of India dates, both ends inclusive; either end may be left open.
   * @example filter.indiaDateRange('dateFrom', 'dateTo')
   */
  indiaDateRange(
    from: KeysOf<F, string | undefined>,
    to: KeysOf<F, string | undefined>,
    label?: string,
  ): FilterSpec;
  /**
   * A range of amounts typed in rupees and sent in paise; either end may be left open.
   * @example filter.amountRange('minAmountPaise', 'maxAmountPaise', 'order.amount')
   */
  amountRange(
    min: KeysOf<F, number | undefined>,
    max: KeysOf<F, number | undefined>,
    label: string,
  ): FilterSpec;
}

function present(value: unknown): boolean {
  return value !== undefined && value !== null && value !== '';
}

function single(
  name: string,
  label: string,
  Control: FilterSpec['Control'],
  fromForm: (value: unknown) => unknown = (value) => value,
): FilterSpec {
  return {
    key: name,
    label,
    fields: [name],
    toForm: (filters) => filters[name],
    fromForm: (value) => {
      const filter = present(value) ? fromForm(value) : undefined;
      return { [name]: present(filter) ? filter : undefined };
    },
    Control,
  };
}

function TextControl({ placeholder, ...props }: FilterControlProps & { placeholder?: string }) {
  const { t } = useTranslation();
  return (
    <Input
      id={props.id}
      value={(props.value as string | undefined) ?? ''}
      onChange={(event) => props.onChange?.(event.target.value)}
      allowClear
      {...(placeholder ? { placeholder: t(placeholder) } : {})}
    />
  );
}

/** A select of options; `translated: false` means their labels are translation keys. */
function ChoiceControl({
  options,
  translated = true,
  ...props
}: FilterControlProps & {
  options: readonly { value: unknown; label: string }[];
  translated?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Select
      id={props.id}
      value={props.value}
      onChange={(value) => props.onChange?.(value)}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      style={{ minWidth: 140 }}
      options={options.map((option) => ({
        value: option.value as string | number,
        label: translated ? option.label : t(option.label),
      }))}
    />
  );
}

function RemoteChoiceControl({
  useOptions,
  ...props
}: FilterControlProps & { useOptions: () => readonly { value: unknown; label: string }[] }) {
  return <ChoiceControl {...props} options={useOptions()} />;
}

function ChannelControl(props: FilterControlProps) {
  const { can } = useGrants();
  const allowed = can(opsConfigApi.listChannels);
  const channels = useEndpointQuery(
    opsConfigApi.listChannels,
    { page: 1, pageSize: 100 },
    { enabled: allowed, staleTime: 60_000 },
  );
  if (!allowed) return <TextControl {...props} />;
  const options = (channels.data?.list ?? []).map((channel) => ({
    value: channel.code,
    label: `${channel.name} (${channel.code})`,
  }));
  return <ChoiceControl {...props} options={options} />;
}

type RangeValue = [Dayjs | null, Dayjs | null] | null;

function DateRangeControl(props: FilterControlProps) {
  const { t } = useTranslation();
  return (
    <DatePicker.RangePicker
      id={props.id}
      value={props.value as RangeValue}
      onChange={(value) => props.onChange?.(value)}
      allowEmpty={[true, true]}
      placeholder={[t('common.dateFrom'), t('common.dateTo')]}
    />
  );
}

interface AmountRangeValue {
  min?: string;
  max?: string;
}

function AmountRangeControl(props: FilterControlProps) {
  const { t } = useTranslation();
  const value = (props.value ?? {}) as AmountRangeValue;
  const set = (change: AmountRangeValue) => props.onChange?.({ ...value, ...change });
  return (
    <Space.Compact id={props.id}>
      <Input
        style={{ width: 120 }}
        inputMode="decimal"
        prefix="₹"
        placeholder={t('listPage.amountMin')}
        aria-label={t('listPage.amountMinOf', { field: props.label })}
        value={value.min ?? ''}
        onChange={(event) => set({ min: event.target.value })}
      />
      <Input
        style={{ width: 120 }}
        inputMode="decimal"
        prefix="₹"
        placeholder={t('listPage.amountMax')}
        aria-label={t('listPage.amountMaxOf', { field: props.label })}
        value={value.max ?? ''}
        onChange={(event) => set({ max: event.target.value })}
      />
    </Space.Compact>
  );
}

function isBlank(text: string | undefined): boolean {
  return text === undefined || text.trim() === '';
}

/** The filter builders; the object is the same for every list, only its type knows the filters. */
export function filterBuilders<F>(): FilterBuilders<F> {
  return {
    text: (name, label, options = {}) =>
      single(
        name,
        label,
        (props) => <TextControl {...props} placeholder={options.placeholder} />,
        (value) => String(value).trim(),
      ),

    number: (name, label) =>
      single(name, label, (props) => (
        <InputNumber
          id={props.id}
          value={props.value as number | null | undefined}
          onChange={(value) => props.onChange?.(value)}
          precision={0}
          min={0}
          style={{ width: 120 }}
        />
      )),

    choice: (name, label, labels) => {
      const options = Object.entries(labels as Record<string, string>).map(([value, key]) => ({
        value,
        label: key,
      }));
      return single(name, label, (props) => (
        <ChoiceControl {...props} options={options} translated={false} />
      ));
    },

    select: (name, label, useOptions) =>
      single(name, label, (props) => <RemoteChoiceControl {...props} useOptions={useOptions} />),

    channel: (name, label) =>
      single(
        name,
        label,
        (props) => <ChannelControl {...props} />,
        (value) => String(value).trim(),
      ),

    status: (name, label, tags) => {
      const options = Object.entries(tags as StatusTags<string>).map(([value, tag]) => ({
        value,
        label: tag.label,
      }));
      return single(name, label, (props) => (
        <ChoiceControl {...props} options={options} translated={false} />
      ));
    },

    indiaDateRange: (from, to, label = 'common.dateRange') => ({
      key: `${from}~${to}`,
      label,
      fields: [from, to],
      toForm: (filters) => {
        const start = filters[from];
        const end = filters[to];
        if (!present(start) && !present(end)) return null;
        return [
          present(start) ? dayjs(String(start)) : null,
          present(end) ? dayjs(String(end)) : null,
        ];
      },
      fromForm: (value) => {
        const range = value as RangeValue;
        return { [from]: range?.[0]?.format(DATE), [to]: range?.[1]?.format(DATE) };
      },
      Control: DateRangeControl,
    }),

    amountRange: (min, max, label) => ({
      key: `${min}~${max}`,
      label,
      fields: [min, max],
      toForm: (filters) => {
        const low = filters[min];
        const high = filters[max];
        return {
          min: typeof low === 'number' ? paiseToRupeesText(low) : undefined,
          max: typeof high === 'number' ? paiseToRupeesText(high) : undefined,
        };
      },
      fromForm: (value) => {
        const range = (value ?? {}) as AmountRangeValue;
        const paise = (text: string | undefined) =>
          isBlank(text) ? undefined : (rupeesTextToPaise(text ?? '') ?? undefined);
        return { [min]: paise(range.min), [max]: paise(range.max) };
      },
      rules: (t) => [
        {
          validator: (_, value: AmountRangeValue | undefined) => {
            const field = t(label);
            const low = isBlank(value?.min) ? null : rupeesTextToPaise(value?.min ?? '');
            const high = isBlank(value?.max) ? null : rupeesTextToPaise(value?.max ?? '');
            if ((!isBlank(value?.min) && low === null) || (!isBlank(value?.max) && high === null)) {
              return Promise.reject(new Error(t('listPage.amountInvalid', { field })));
            }
            if (low !== null && high !== null && low > high) {
              return Promise.reject(new Error(t('listPage.amountOrder', { field })));
            }
            return Promise.resolve();
          },
        },
      ],
      Control: AmountRangeControl,
    }),
  };
}
