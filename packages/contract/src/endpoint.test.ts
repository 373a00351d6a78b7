import { describe, expect, it } from 'vitest';
import { adminEndpoints } from './access/interfaces.js';
import { appEndpoints } from './app/app.endpoints.js';
import { endpointPlaceOf } from './endpoint.js';
import { importBlacklist } from './risk/risk.endpoints.js';

describe('where an endpoint id puts the endpoint', () => {
  it('answers an admin id at /<module>/<action>', () => {
    expect(endpointPlaceOf('order.list')).toEqual({ module: 'order', path: '/order/list' });
  });

  it('answers a borrower id at /<module>/<action> of the borrower API', () => {
    expect(endpointPlaceOf('app.loan.apply')).toEqual({ module: 'loan', path: '/loan/apply' });
  });

  it("puts the finance, blacklist and campaign modules where the console's routes name them", () => {
    expect(endpointPlaceOf('finance.cash_flow').path).toBe('/financialManagement/cash_flow');
    expect(endpointPlaceOf('marketingSms.create').path).toBe('/marketing_sms/create');
    expect(importBlacklist).toMatchObject({
      module: 'blacklist',
      path: '/toolMage/blacklist_import',
    });
  });

  it('refuses an id that names no module and action', () => {
    for (const id of ['order', 'order.list.all', 'app.loan', '.list', 'order.'])
      expect(() => endpointPlaceOf(id), id).toThrow(/not \[app\.\]<module>\.<action>/);
  });

  it('gives every endpoint of each API its own id and its own path', () => {
    for (const endpoints of [adminEndpoints, appEndpoints]) {
      expect(new Set(endpoints.map((endpoint) => endpoint.id)).size).toBe(endpoints.length);
      expect(new Set(endpoints.map((endpoint) => endpoint.path)).size).toBe(endpoints.length);
    }
  });
});
