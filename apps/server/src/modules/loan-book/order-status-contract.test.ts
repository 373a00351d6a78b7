import { assetClassSchema, closureTypeSchema, orderStatusSchema } from '@lending/contract';
import {
  ASSET_CLASSES,
  type AssetClass,
  CLOSURE_TYPES,
  type ClosureType,
  ORDER_STATUSES,
  type OrderStatus,
} from '@lending/lending';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';

/**
 * The engine decides an order's status and closure type and the book stores them as it says;
 * callers read them through the contract's enums, which list them a second time. The server is
 * where both meet, so it pins the two lists together: a status the engine adds and the contract
 * lacks would fail the answer's schema, and one the contract keeps after the engine drops it
 * would be a filter that never matches. The types are pinned too, so `npm run typecheck` says
 * it before the tests run.
 */
describe("the contract's order statuses, closure types and asset classes are the engine's", () => {
  it('order statuses', () => {
    expect([...orderStatusSchema.options].sort()).toEqual([...ORDER_STATUSES].sort());
    expectTypeOf<z.infer<typeof orderStatusSchema>>().toEqualTypeOf<OrderStatus>();
  });

  it('closure types', () => {
    expect([...closureTypeSchema.options].sort()).toEqual([...CLOSURE_TYPES].sort());
    expectTypeOf<z.infer<typeof closureTypeSchema>>().toEqualTypeOf<ClosureType>();
  });

  it('asset classes (the lists filter by them, the dashboard counts them in this order)', () => {
    expect([...assetClassSchema.options]).toEqual([...ASSET_CLASSES]);
    expectTypeOf<z.infer<typeof assetClassSchema>>().toEqualTypeOf<AssetClass>();
  });
});
