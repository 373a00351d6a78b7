import { SearchOutlined } from '@ant-design/icons';
import { Input } from 'antd';
import { phoneSearchSchema, loanBookApi, orderApi } from '@lending/contract';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
// The path alone, not the order detail's code (which the navbar does not show).
import { orderDetailPath } from '../../components/order-detail/order-status';
import { useGrants } from '../../lib/grants';

/** An order number as staff type it: `LN` then letters or digits, any case. */
const ORDER_NO = /^LN[0-9A-Z]+$/i;

/**
 * Where the text of the search box leads: an order number to its detail (or, without the
 * detail grant, to the order list filtered by that number), a mobile number to the order list
 * filtered by phone; `null` for anything else.
 */
export function searchTarget(text: string, canOpenDetail: boolean): string | null {
  const compact = text.trim();
  if (ORDER_NO.test(compact)) {
    const orderNo = compact.toUpperCase();
    if (canOpenDetail) return orderDetailPath(orderNo);
    return `/order/orderList?${new URLSearchParams({ orderNo }).toString()}`;
  }
  const phone = phoneSearchSchema.safeParse(compact);
  if (phone.success && phone.data !== '') {
    return `/order/orderList?${new URLSearchParams({ phone: phone.data }).toString()}`;
  }
  return null;
}

/** Issue #10 "find anything from anywhere": shown only to users who may list orders. */
export function NavbarSearch() {
  const { can } = useGrants();
  if (!can(orderApi.listOrders)) return null;
  return <NavbarSearchBox canOpenDetail={can(loanBookApi.orderDetail)} />;
}

function NavbarSearchBox({ canOpenDetail }: { canOpenDetail: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const hintId = useId();
  const [text, setText] = useState('');
  const [invalid, setInvalid] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const target = searchTarget(text, canOpenDetail);
    if (!target) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    setText('');
    void navigate(target);
  };

  return (
    <form role="search" className="navbar-search" onSubmit={submit}>
      <Input
        size="small"
        allowClear
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setInvalid(false);
        }}
        aria-label={t('navbarSearch.label')}
        aria-invalid={invalid}
        aria-describedby={invalid ? hintId : undefined}
        placeholder={t('navbarSearch.placeholder')}
        status={invalid ? 'error' : undefined}
        prefix={<SearchOutlined aria-hidden />}
        maxLength={40}
      />
      <div role="status">
        {invalid && (
          <div id={hintId} className="navbar-search-hint">
            {t('navbarSearch.hint')}
          </div>
        )}
      </div>
    </form>
  );
}
