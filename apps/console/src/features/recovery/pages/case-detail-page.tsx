import { Alert, Button, Card, Descriptions, Modal, Space, Table, Tag, Timeline } from 'antd';
import { useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { recoveryApi } from '@lending/contract';
import { OrderDetailPanel } from '../../../components/order-detail';
import { formatPaise } from '../../../lib/format';
import { useGrants } from '../../../lib/grants';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/use-endpoint';
import { followStatusTags } from '../recovery-tags';
import { FollowUpDialog } from '../components/follow-up-dialog';
import { InstalmentDialog } from '../components/instalment-dialog';

/** The contact panel, the follow-up timeline and the case history beside the order detail. */
function CasePanel({ orderNo }: { orderNo: string }) {
  const { t } = useTranslation();
  const grants = useGrants();
  const [open, setOpen] = useState(false);
  const [plan, setPlan] = useState(false);
  const detail = useEndpointQuery(
    recoveryApi.caseDetail,
    { orderNo },
    { enabled: Boolean(orderNo) },
  );
  const remind = useEndpointMutation(recoveryApi.sendReminder, {
    invalidates: [recoveryApi.caseDetail, recoveryApi.listCases],
    success: 'collection.reminder.success',
  });
  if (detail.error)
    return <Alert type="warning" showIcon message={(detail.error as Error).message} />;
  const data = detail.data;
  if (!data) return null;
  const c = data.case;
  const openCase = c.status === 'open';
  const confirmSms = () =>
    Modal.confirm({
      title: t('collection.reminder.confirm', { orderNo: c.orderNo }),
      okText: t('collection.reminder.send'),
      cancelText: t('common.cancel'),
      onOk: () => remind.mutateAsync({ caseId: c.id }).catch(() => undefined),
    });
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Card title={t('collection.contact.title')} size="small">
        <Descriptions size="small" column={{ xs: 1, md: 3 }}>
          <Descriptions.Item label={t('collection.phone')}>{data.contact.phone}</Descriptions.Item>
          <Descriptions.Item label={t('collection.contact.hours')}>
            {`${data.contact.windowStart}–${data.contact.windowEnd} IST `}
            {data.contact.withinHours ? (
              <Tag color="green">{t('collection.contact.open')}</Tag>
            ) : (
              <Tag color="red">{t('collection.contact.closed')}</Tag>
            )}
          </Descriptions.Item>
          <Descriptions.Item label={t('collection.attemptsToday')}>
            {`${data.contact.attemptsToday} / ${data.contact.attemptCap}`}
          </Descriptions.Item>
          <Descriptions.Item label={t('collection.stage')}>{c.stage}</Descriptions.Item>
          <Descriptions.Item label={t('collection.collectorName')}>
            {c.collectorName ?? '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t('collection.outstanding')}>
            {formatPaise(c.outstandingPaise)}
          </Descriptions.Item>
        </Descriptions>
        {openCase ? (
          <Space>
            {grants.can(recoveryApi.logFollowUp) ? (
              <Button type="primary" onClick={() => setOpen(true)}>
                {t('collection.actions.followUp')}
              </Button>
            ) : null}
            {grants.can(recoveryApi.instalmentPlan) ? (
              <Button onClick={() => setPlan(true)}>{t('collection.instalment.open')}</Button>
            ) : null}
            {grants.can(recoveryApi.sendReminder) ? (
              <Button onClick={confirmSms}>{t('collection.reminder.send')}</Button>
            ) : null}
          </Space>
        ) : (
          <Tag>{t(`collection.status.${c.status}`)}</Tag>
        )}
      </Card>
      <Card title={t('collection.timeline.title')} size="small">
        <Timeline
          items={data.followUps.map((f) => ({
            color: f.refused ? 'red' : f.result === 'promise' ? 'blue' : 'gray',
            children: (
              <div>
                <strong>
                  {new Date(f.at).toLocaleString('en-IN', { timeZone: 'Asia/Kolkata' })}
                </strong>{' '}
                {t(`collection.channel.${f.channel}`)} · {f.collector ?? ''}{' '}
                {f.refused ? (
                  <Tag color="red">{t(`collection.refusal.${f.refusal}`)}</Tag>
                ) : f.result ? (
                  <Tag color={followStatusTags[f.result].color}>
                    {t(followStatusTags[f.result].label)}
                  </Tag>
                ) : null}
                {f.promiseDate ? ` ${f.promiseDate} ${formatPaise(f.promisePaise ?? 0)}` : ''}
                {f.remarks ? <div>{f.remarks}</div> : null}
              </div>
            ),
          }))}
        />
        {data.promises.length > 0 ? (
          <Table
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={data.promises}
            columns={[
              { title: t('collection.promiseDate'), dataIndex: 'dueDate' },
              {
                title: t('collection.promise.amount'),
                dataIndex: 'amountPaise',
                render: (v: number) => formatPaise(v),
              },
              {
                title: t('collection.promise.instalment'),
                dataIndex: 'instalment',
                render: (v: number | null) => v ?? '—',
              },
              {
                title: t('collection.caseStatus'),
                dataIndex: 'status',
                render: (v: string) => t(`collection.promise.${v}`),
              },
            ]}
          />
        ) : null}
      </Card>
      <Card title={t('collection.history.title')} size="small">
        <Timeline
          items={data.moves.map((m) => ({
            children: `${new Date(m.at).toLocaleString('en-IN', { timeZone: 'Asia/Kolkata' })} · ${t(`collection.move.${m.reason}`)}${
              m.fromCollector || m.toCollector
                ? ` · ${m.fromCollector ?? '—'} → ${m.toCollector ?? '—'}`
                : ''
            }${m.fromStage !== m.toStage && m.toStage ? ` · ${m.fromStage ?? ''} → ${m.toStage}` : ''}${m.actor ? ` · ${m.actor}` : ''}`,
          }))}
        />
      </Card>
      <InstalmentDialog
        open={plan}
        caseId={c.id}
        orderNo={c.orderNo}
        onClose={() => setPlan(false)}
      />
      <FollowUpDialog
        open={open}
        row={{ id: c.id, orderNo: c.orderNo }}
        onClose={() => setOpen(false)}
      />
    </Space>
  );
}

function caseDetailPage(route: string): ComponentType {
  function CaseDetailPage() {
    const { t } = useTranslation();
    const [params] = useSearchParams();
    const orderNo = params.get('orderNo') ?? '';
    const title = t(`route.${route}`);
    return (
      <Card
        title={<h1 className="page-heading">{orderNo ? `${title} ${orderNo}` : title}</h1>}
        variant="borderless"
      >
        <Space direction="vertical" style={{ width: '100%' }}>
          {orderNo ? <CasePanel orderNo={orderNo} /> : null}
          <OrderDetailPanel orderNo={orderNo} />
        </Space>
      </Card>
    );
  }
  CaseDetailPage.displayName = `CaseDetailPage(${route})`;
  return CaseDetailPage;
}

export const CollectionRepayOrderPage = caseDetailPage('collectionRepayOrder');
export const CollectionRepayedOrderPage = caseDetailPage('collectionRepayedOrder');
export const PreCollectionListPage = caseDetailPage('preCollectionList');
