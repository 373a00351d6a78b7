import { beforeEach, describe, expect, it } from 'vitest';
import { arrangeColumns, readColumnSettings, writeColumnSettings } from './column-settings';

const columns = [
  { key: 'orderNo' },
  { key: 'phone' },
  { key: 'amount' },
  { key: 'note', hiddenByDefault: true },
];

describe('column settings', () => {
  beforeEach(() => localStorage.clear());

  it("are kept per user and per screen: one user's settings are not another's", () => {
    const settings = { order: ['amount', 'orderNo'], hidden: ['phone'], shown: [] };
    writeColumnSettings('clerk@example.com', 'orderList', settings);
    expect(readColumnSettings('clerk@example.com', 'orderList')).toEqual(settings);
    expect(readColumnSettings('admin@example.com', 'orderList')).toBeNull();
    expect(readColumnSettings('clerk@example.com', 'loanRecord')).toBeNull();
    writeColumnSettings('clerk@example.com', 'orderList', null);
    expect(readColumnSettings('clerk@example.com', 'orderList')).toBeNull();
  });

  it('ignore what is not theirs to read: bad JSON, wrong shapes', () => {
    localStorage.setItem('listColumns:v1:a@x.co:orderList', '{not json');
    expect(readColumnSettings('a@x.co', 'orderList')).toBeNull();
    localStorage.setItem('listColumns:v1:a@x.co:orderList', '{"order":[1,"phone"],"hidden":"x"}');
    expect(readColumnSettings('a@x.co', 'orderList')).toEqual({
      order: ['phone'],
      hidden: [],
      shown: [],
    });
  });

  it("arrange a screen's columns: its own order and defaults without settings", () => {
    const { order, visible } = arrangeColumns(columns, null);
    expect(order).toEqual(['orderNo', 'phone', 'amount', 'note']);
    expect([...visible]).toEqual(['orderNo', 'phone', 'amount']);
  });

  it('follow the saved order, and place columns the screen added since where it puts them', () => {
    const { order, visible } = arrangeColumns(columns, {
      order: ['amount', 'gone', 'orderNo'],
      hidden: ['orderNo'],
      shown: ['note'],
    });
    // phone follows orderNo, note follows amount: the columns before them on the screen.
    expect(order).toEqual(['amount', 'note', 'orderNo', 'phone']);
    expect([...visible].sort()).toEqual(['amount', 'note', 'phone']);
  });
});
