import { afterEach, describe, expect, it } from 'vitest';
import { notePendingVisit, takePendingVisits } from './pending-visits';

describe('pending visits', () => {
  afterEach(() => sessionStorage.clear());

  it('gives back the addresses noted before the console loaded, oldest first, once', () => {
    notePendingVisit('/order/list', '');
    notePendingVisit('/loan/detail', '?orderNo=LN1');
    expect(takePendingVisits()).toEqual([
      { pathname: '/order/list', search: '' },
      { pathname: '/loan/detail', search: '?orderNo=LN1' },
    ]);
    expect(takePendingVisits()).toEqual([]);
  });

  it('ignores what is not a list of addresses', () => {
    sessionStorage.setItem('pendingVisits', '{"pathname":"/x"}');
    expect(takePendingVisits()).toEqual([]);
    sessionStorage.setItem('pendingVisits', 'not json');
    expect(takePendingVisits()).toEqual([]);
  });
});
