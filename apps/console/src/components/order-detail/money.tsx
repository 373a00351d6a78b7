import { formatPaise } from '../../lib/format';

/** A rupee amount, its digits lined up under the amounts above and below it (order-detail.css). */
export function Money({ paise }: { paise: number }) {
  return <span className="order-money">{formatPaise(paise)}</span>;
}
