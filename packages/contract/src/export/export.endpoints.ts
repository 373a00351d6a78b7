import { defineEndpoint } from '../endpoint.js';
import {
  exportListBodySchema,
  exportListRetSchema,
  startExportBodySchema,
  startExportRetSchema,
} from './export.schema.js';

/**
 * Starts a background export of a list. Granted like any endpoint, and the caller must ALSO
 * hold the list's own interface id: the job pages through that list with the caller's scope.
 */
export const startExport = defineEndpoint({
  id: 'export.start',
  method: 'POST',
  summary: 'Export a list to .xlsx in the background (its filters, sort and masking)',
  access: 'granted',
  mutates: true,
  body: startExportBodySchema,
  query: undefined,
  ret: startExportRetSchema,
});

/** The signed-in user's own exports (the download page); nobody sees another's. */
export const listMyExports = defineEndpoint({
  id: 'export.list',
  method: 'POST',
  summary: 'My exports: status, progress, rows, size and expiry',
  access: 'session',
  mutates: false,
  body: exportListBodySchema,
  query: undefined,
  ret: exportListRetSchema,
});

export const exportEndpoints = [startExport, listMyExports] as const;
