import {
  Alert,
  Button,
  Card,
  DatePicker,
  Descriptions,
  Empty,
  Form,
  Input,
  Radio,
  Skeleton,
  Space,
  Tag,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { type RepayQueryOrder, repayApi } from '@lending/contract';
import { formatIndiaDate, formatPaise } from '../../../lib/format';
import { useEndpointQuery } from '../../../lib/use-endpoint';
import { orderDetailPath } from '../repay-tags';

const DATE = 'YYYY-MM-DD';
type SearchBy = 'orderNo' | 'phone';

interface Values {
  by: SearchBy;
  text?: string;
  date?: Dayjs | null;
}

/**
 * /repay/repayQuery: an order by its number (docs/product.md §5 'order number cannot be
 * empty') or the borrower's phone; what clears it on a chosen date per component, the rollover
 * quote and where the borrower pays, all as the borrower app would quote them. The search is kept
 * in the URL, so a tab keeps its answer.
 */
export function RepayQueryPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [params, setParams] = useSearchParams();
  const by: SearchBy = params.get('phone') ? 'phone' : 'orderNo';
  const text = params.get(by) ?? '';
  const date = params.get('date') ?? undefined;
  const body = { [by]: text, ...(date ? { date } : {}) };
  const answer = useEndpointQuery(repayApi.repayQuery, body, { enabled: text !== '' });

  useEffect(() => {
    form.setFieldsValue({ by, text, date: date ? dayjs(date, DATE) : null });
  }, [form, by, text, date]);

  const search = (values: Values) => {
    const next = new URLSearchParams();
    next.set(values.by, (values.text ?? '').trim());
    if (values.date) next.set('date', values.date.format(DATE));
    setParams(next);
  };
  const searchBy = Form.useWatch('by', form) ?? by;

  return (
    <Card title={<h1 className="page-heading">{t('route.repayQuery')}</h1>}>
      <Space orientation="vertical" size="large" style={{ width: '100%' }}>
        <Typography.Paragraph type="secondary">{t('repay.query.hint')}</Typography.Paragraph>
        <Form
          form={form}
          layout="inline"
          name="repay-query"
          initialValues={{ by: 'orderNo' }}
          onFinish={search}
        >
          <Form.Item name="by" label={t('repay.query.searchBy')}>
            <Radio.Group
              options={[
                { value: 'orderNo', label: t('repay.query.byOrderNo') },
                { value: 'phone', label: t('repay.query.byPhone') },
              ]}
              onChange={() => form.setFields([{ name: 'text', errors: [] }])}
            />
          </Form.Item>
          <Form.Item
            name="text"
            label={searchBy === 'phone' ? t('repay.phone') : t('repay.orderNo')}
            rules={
              searchBy === 'phone'
                ? [
                    {
                      pattern: /^\s*(\+?91[\s-]?)?[6-9]\d{9}\s*$/,
                      required: true,
                      message: t('repay.validation.phoneInvalid'),
                    },
                  ]
                : [
                    {
                      required: true,
                      whitespace: true,
                      message: t('repay.validation.orderNoRequired'),
                    },
                  ]
            }
          >
            <Input allowClear autoComplete="off" style={{ width: 240 }} />
          </Form.Item>
          <Form.Item name="date" label={t('repay.query.date')}>
            <DatePicker
              format={DATE}
              allowClear
              placeholder={t('repay.query.today')}
              disabledDate={(day) => day.format(DATE) < formatIndiaDate(Date.now())}
            />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit">
              {t('repay.query.search')}
            </Button>
          </Form.Item>
        </Form>
        {text === '' ? null : answer.isPending ? (
          <Skeleton active />
        ) : answer.isError ? (
          <Alert type="error" showIcon title={t('repay.query.failed')} />
        ) : answer.data.orders.length === 0 ? (
          <Empty description={t('repay.query.none')} />
        ) : (
          answer.data.orders.map((order) => (
            <QueryAnswer key={order.id} order={order} date={answer.data.date} />
          ))
        )}
      </Space>
    </Card>
  );
}

function QueryAnswer({ order, date }: { order: RepayQueryOrder; date: string }) {
  const { t } = useTranslation();
  const { clearing, rollover, instructions } = order;
  return (
    <Card
      type="inner"
      title={
        <Space wrap>
          <Link to={orderDetailPath(order.orderNo)}>{order.orderNo}</Link>
          <span>{order.customerName}</span>
          <span>{order.customerPhone}</span>
          <Tag>{order.status}</Tag>
        </Space>
      }
      aria-label={order.orderNo}
    >
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Descriptions size="small" column={{ xs: 1, sm: 2, md: 3 }}>
          <Descriptions.Item label={t('repay.dueDate')}>{order.dueDate ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('repay.overdueDays')}>
            {t('listPage.days', { count: order.overdueDays })}
          </Descriptions.Item>
          <Descriptions.Item label={t('repay.rollovers')}>{order.rolloverCount}</Descriptions.Item>
        </Descriptions>
        {clearing ? (
          <Descriptions
            title={t('repay.query.clearingOn', { date })}
            bordered
            size="small"
            column={{ xs: 1, sm: 2, lg: 3 }}
          >
            <Descriptions.Item label={t('repay.principal')}>
              {formatPaise(clearing.principalPaise)}
            </Descriptions.Item>
            <Descriptions.Item label={t('repay.interest')}>
              {formatPaise(clearing.interestPaise)}
            </Descriptions.Item>
            <Descriptions.Item label={t('repay.serviceFee')}>
              {formatPaise(clearing.feePaise)}
            </Descriptions.Item>
            <Descriptions.Item label={t('repay.gst')}>
              {formatPaise(clearing.gstPaise)}
            </Descriptions.Item>
            <Descriptions.Item label={t('repay.overdueFee')}>
              {formatPaise(clearing.penalPaise)}
            </Descriptions.Item>
            <Descriptions.Item label={t('repay.query.overdueOnDate')}>
              {t('listPage.days', { count: clearing.overdueDays })}
            </Descriptions.Item>
            <Descriptions.Item label={t('repay.total')}>
              <strong>{formatPaise(clearing.totalPaise)}</strong>
            </Descriptions.Item>
          </Descriptions>
        ) : (
          <Alert
            type="info"
            showIcon
            title={t('repay.query.nothingOwed', { status: order.status })}
          />
        )}
        {clearing ? (
          <Descriptions title={t('repay.query.rollover')} bordered size="small" column={1}>
            {rollover.available ? (
              <>
                <Descriptions.Item label={t('repay.rolloverDialog.payNow')}>
                  {formatPaise(rollover.totalPaise)} ({t('repay.interest')}{' '}
                  {formatPaise(rollover.interestPaise)}, {t('repay.serviceFee')}{' '}
                  {formatPaise(rollover.feePaise)}, {t('repay.gst')}{' '}
                  {formatPaise(rollover.gstPaise)}, {t('repay.overdueFee')}{' '}
                  {formatPaise(rollover.penalPaise)})
                </Descriptions.Item>
                <Descriptions.Item label={t('repay.rolloverDialog.newDueDate')}>
                  {rollover.newDueDate}
                </Descriptions.Item>
              </>
            ) : (
              <Descriptions.Item label={t('repay.query.rollover')}>
                {t('repay.query.rolloverUnavailable', { reason: rollover.reason })}
              </Descriptions.Item>
            )}
          </Descriptions>
        ) : null}
        {instructions ? (
          <Descriptions title={t('repay.query.instructions')} bordered size="small" column={1}>
            <Descriptions.Item label={t('repay.query.beneficiary')}>
              {instructions.beneficiaryName}
            </Descriptions.Item>
            <Descriptions.Item label={t('repay.query.virtualAccount')}>
              <Typography.Text copyable>
                {instructions.virtualAccount.accountNumber}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('repay.query.ifsc')}>
              {instructions.virtualAccount.ifsc}
            </Descriptions.Item>
            <Descriptions.Item label={t('repay.query.upiId')}>
              {instructions.upiId ? (
                <Typography.Text copyable>{instructions.upiId}</Typography.Text>
              ) : (
                t('repay.query.noUpi')
              )}
            </Descriptions.Item>
          </Descriptions>
        ) : order.instructionsMissing === 'noPaymentAccountYet' ? (
          <Alert type="info" showIcon title={t('repay.query.noPaymentAccountYet')} />
        ) : null}
      </Space>
    </Card>
  );
}
