import { describe, expect, it } from 'vitest';
import { redirectTarget } from './redirect-target';

describe('redirect after sign-in', () => {
  it.each([
    ['?redirect=%2Fpower%2Frole', '/power/role'],
    ['?redirect=%2Forder%2ForderList%3Fpage%3D2', '/order/orderList?page=2'],
    ['', '/'],
    ['?redirect=https%3A%2F%2Fevil.example', '/'],
    ['?redirect=%2F%2Fevil.example', '/'],
    ['?redirect=%2F%5Cevil.example', '/'],
    ['?redirect=%2Flogin', '/'],
  ])('%s → %s', (search, target) => {
    expect(redirectTarget(search)).toBe(target);
  });
});
