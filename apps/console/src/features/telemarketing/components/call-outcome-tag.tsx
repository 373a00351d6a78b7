import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CallRow } from '@lending/contract';
import { outcomeTags } from '../telemarketing-tags';

/**
 * A call's outcome in the call history, or why the server refused the attempt, with the hours
 * then in force: "Refused: outside hours 08:00–19:00" (decision 0057).
 */
export function CallOutcomeTag({
  call,
}: {
  call: Pick<CallRow, 'outcome' | 'refused' | 'refusal' | 'refusalHours'>;
}) {
  const { t } = useTranslation();
  if (call.refused)
    return (
      <Tag color="red">
        {t(`telemarketing.refusal.${call.refusal}`, { hours: call.refusalHours })}
      </Tag>
    );
  if (!call.outcome) return null;
  const tag = outcomeTags[call.outcome];
  return <Tag color={tag.color}>{t(tag.label)}</Tag>;
}
