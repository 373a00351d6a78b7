import type { FastifyInstance } from 'fastify';
import type { EndpointRegistrar } from './access.js';
import type { AppEndpointRegistrar } from './app-access.js';

/**
 * Where a server module binds its calls: every module's `registerRoutes` takes this one object,
 * so `app.ts` registers them all the same way (decision 0082). A module uses what it needs:
 * - `admin`: the console's /admin-api endpoints (session, grant, audit; `access.ts`);
 * - `app`: the borrower API's /app-api endpoints (borrower session; `app-access.ts`);
 * - `server`: the Fastify instance itself, for what is not an endpoint of the contract: a hook
 *   (work after the reply, a job started when the server is ready), a download, an API
 *   document. Reaching for it is the exception; most modules bind endpoints only.
 */
export interface ModuleRoutes {
  admin: EndpointRegistrar;
  app: AppEndpointRegistrar;
  server: FastifyInstance;
}

/** What every `create<Name>Module(deps)` returns, besides what other modules may call. */
export interface ServerModule {
  /** Binds the module's calls at once; work that must wait for the server goes in a hook. */
  registerRoutes(routes: ModuleRoutes): void;
}
