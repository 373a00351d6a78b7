import { describe, expect, it } from 'vitest';
import { findUnstorableText, idSchema, MAX_ID } from './fields.js';

describe('findUnstorableText', () => {
  it('names the first field, in document order, that PostgreSQL could not store', () => {
    expect(findUnstorableText({ a: 'fine', b: ['ok', 'x\u0000'], c: '\ud800' })).toEqual({
      field: 'b.1',
      reason: 'must not contain a NUL character',
    });
    expect(findUnstorableText({ filters: { name: 'a\udfffb' } })?.field).toBe('filters.name');
    expect(findUnstorableText({ ['k\u0000']: 1 })?.field).toBe('key');
  });

  it('passes well-formed text, emoji and other Unicode included', () => {
    expect(findUnstorableText({ name: 'राम 🙂 张', n: 1, x: null, list: [true] })).toBeNull();
  });

  it('walks a megabyte of nesting without overflowing the stack', () => {
    const deep = JSON.parse(`${'['.repeat(200_000)}"\\u0000"${']'.repeat(200_000)}`);
    const found = findUnstorableText(deep);
    expect(found?.reason).toBe('must not contain a NUL character');
    expect(found?.field).toBe(Array(200_000).fill('0').join('.'));
  });
});

describe('idSchema', () => {
  it('takes what an integer column holds and nothing beyond', () => {
    expect(idSchema.safeParse(MAX_ID).success).toBe(true);
    expect(idSchema.safeParse(MAX_ID + 1).success).toBe(false);
    expect(idSchema.safeParse(0).success).toBe(false);
    expect(idSchema.safeParse(1.5).success).toBe(false);
  });
});
