import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Leaves work for after the call's transaction (a refused attempt's record, decision 0057). */
export type Defer = (work: () => Promise<void>) => void;

/**
 * Work a handler leaves for after its call's transaction, done before the reply leaves: a
 * refusal answers with an error, which rolls the audited call's transaction back, yet the
 * refused attempt must still be written (collection's conduct guard, telemarketing's calling
 * hours). The work runs in the reply's onSend, so the caller's answer waits for it; it writes
 * through the plain database, not the rolled-back transaction.
 */
export function afterReply(app: FastifyInstance): (request: FastifyRequest) => Defer {
  const pending = new WeakMap<FastifyRequest, (() => Promise<void>)[]>();
  app.addHook('onSend', async (request, _reply, payload) => {
    const works = pending.get(request);
    if (works) {
      pending.delete(request);
      for (const work of works) await work();
    }
    return payload;
  });
  return (request) => (work) => pending.set(request, [...(pending.get(request) ?? []), work]);
}
