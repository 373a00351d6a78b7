import type { StatusTags } from '../../components/list-page';

export const followStatusTags: StatusTags<'promise' | 'connected' | 'notConnected'> = {
  promise: { label: 'collection.follow.promise', color: 'blue' },
  connected: { label: 'collection.follow.connected', color: 'green' },
  notConnected: { label: 'collection.follow.notConnected', color: 'default' },
};

export const caseStatusTags: StatusTags<'open' | 'finished' | 'closed'> = {
  open: { label: 'collection.status.open', color: 'orange' },
  finished: { label: 'collection.status.finished', color: 'green' },
  closed: { label: 'collection.status.closed', color: 'default' },
};

/** The hidden detail route of a case, by its kind and state (docs/product.md §2). */
export function caseDetailPath(row: { kind: string; status: string; orderNo: string }): string {
  const no = encodeURIComponent(row.orderNo);
  if (row.kind === 'pre') return `/precollection/detail/preCollectionList?orderNo=${no}`;
  return row.status === 'open'
    ? `/collection/detail/collectionRepayOrder?orderNo=${no}`
    : `/collection/detail/collectionRepayedOrder?orderNo=${no}`;
}

/** Parts per million as a percentage with two decimals ('—' when nothing to divide by). */
export function ppmText(ppm: number | null): string {
  return ppm === null ? '—' : `${(ppm / 10_000).toFixed(2)} %`;
}
