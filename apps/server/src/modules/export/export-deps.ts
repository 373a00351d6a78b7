import type { EndpointDefinition } from '@lending/contract';
import type { CallerGrants } from '../../plugins/auth.js';
import type { Database, Executor } from '../../plugins/db.js';
import type { Clock } from '../../shared/clock.js';

/**
 * A list endpoint an export can read (list-routes.ts makes one of each list the access
 * layer registered): its contract definition, and one page of it as the screen gets it.
 */
export interface ExportableList {
  endpoint: EndpointDefinition;
  /**
   * Runs the list's handler on `body` (the list's own body, checked with its schema: a 400
   * naming the field) as `userId` with `grants`, over `db`; the answer is not checked yet.
   */
  read(input: {
    body: Record<string, unknown>;
    userId: number;
    grants: CallerGrants;
    db: Executor;
  }): Promise<unknown>;
}

export interface ExportDeps {
  db: Database;
  clock: Clock;
  /**
   * The server's data directory: before decision 0091 export files were kept in
   * `<dataDir>/exports/`, from where they are moved into the database at start.
   */
  dataDir: string;
  /** The registered list endpoints, by interface id (the access layer's registrar). */
  listOf(id: string): ExportableList | undefined;
  grantsOf(userId: number): Promise<CallerGrants>;
  log: {
    error(object: unknown, message: string): void;
    warn(object: unknown, message: string): void;
    info(object: unknown, message: string): void;
  };
}

/** What the start-up and the clean-up need. */
export type FileDeps = Pick<ExportDeps, 'db' | 'clock' | 'dataDir'>;
