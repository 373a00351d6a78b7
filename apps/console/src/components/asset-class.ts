import type { AssetClass } from '@lending/contract';
import { useTranslation } from 'react-i18next';
import type { FilterOption, StatusTags } from './list-page';

/**
 * The RBI asset classes as tags (texts in the shell's `assetClass`), the same in every list that
 * shows or filters by them and on the dashboard: from standard to NPA, green to red.
 */
export const assetClassTags: StatusTags<AssetClass> = {
  STANDARD: { label: 'assetClass.names.STANDARD', color: 'green' },
  'SMA-0': { label: 'assetClass.names.SMA-0', color: 'gold' },
  'SMA-1': { label: 'assetClass.names.SMA-1', color: 'orange' },
  'SMA-2': { label: 'assetClass.names.SMA-2', color: 'volcano' },
  NPA: { label: 'assetClass.names.NPA', color: 'red' },
};

/** The rescheduled filter's choices: rescheduled (rolled over while past due) or not. */
export function useRescheduledOptions(): FilterOption<boolean>[] {
  const { t } = useTranslation();
  return [
    { value: true, label: t('assetClass.yes') },
    { value: false, label: t('assetClass.no') },
  ];
}
