import { Alert } from 'antd';
import { createContext, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import type { CallHours } from '@lending/contract';

/**
 * The calling hours in force, as the call list's answer gave them (decision 0057): the list
 * page provides them, the call dialog it opens reads them. Null until the list has loaded.
 */
export const CallHoursContext = createContext<CallHours | null>(null);

/**
 * "Calling hours 09:00–18:00 India time" before the call, as a warning when the server's clock
 * is outside them now (the server would refuse the call and keep the refused attempt).
 */
export function CallHoursNotice() {
  const { t } = useTranslation();
  const hours = useContext(CallHoursContext);
  if (!hours) return null;
  const text = t('telemarketing.call.hours', { start: hours.start, end: hours.end });
  return hours.withinHours ? (
    <Alert type="info" showIcon message={text} style={{ marginBottom: 16 }} />
  ) : (
    <Alert
      type="warning"
      showIcon
      message={text}
      description={t('telemarketing.call.outsideHours')}
      style={{ marginBottom: 16 }}
    />
  );
}
