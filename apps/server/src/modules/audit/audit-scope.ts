import { AsyncLocalStorage } from 'node:async_hooks';
import type { AuditedCall } from '../../plugins/audit-port.js';
import type { Database, Executor, Transaction } from '../../plugins/db.js';

interface Scope {
  call: AuditedCall;
  tx: Transaction;
  /** False once the transaction has ended: late async work falls back to the database. */
  open: boolean;
  recorded: number;
}

const storage = new AsyncLocalStorage<Scope>();

/** The audited call in progress in this async context, if any. */
export function currentScope(): Scope | undefined {
  const scope = storage.getStore();
  return scope?.open ? scope : undefined;
}

/**
 * Runs `body` in one transaction with the call's audit scope. Everything the call writes —
 * through the transaction it is given or through a database from `scopedDatabase` — commits
 * or rolls back together with its audit rows.
 */
export async function runInAuditScope<T>(
  db: Database,
  call: AuditedCall,
  body: (tx: Transaction, scope: { recorded(): number }) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const scope: Scope = { call, tx, open: true, recorded: 0 };
    try {
      return await storage.run(scope, () => body(tx, { recorded: () => scope.recorded }));
    } finally {
      scope.open = false;
    }
  });
}

export function noteRecorded(): void {
  const scope = currentScope();
  if (scope) scope.recorded += 1;
}

/**
 * A database that, inside an audited call, is that call's transaction (so a service's own
 * `db.transaction(…)` becomes a savepoint of it), and the database itself everywhere else.
 * Modules get this one, so an endpoint added later cannot write outside its audited
 * transaction by accident; on PGlite a second top-level transaction would even wait forever.
 */
export function scopedDatabase(db: Database): Database {
  return new Proxy(db, {
    get(target, property) {
      const scope = currentScope();
      const executor: Executor = scope ? scope.tx : target;
      const value: unknown = Reflect.get(executor, property, executor);
      return typeof value === 'function'
        ? (value as (...a: unknown[]) => unknown).bind(executor)
        : value;
    },
  });
}
