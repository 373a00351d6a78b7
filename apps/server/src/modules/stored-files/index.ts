/**
 * Files kept in the database in chunks (decision 0091): export files and uploaded receipts,
 * readable by every server on the database. No endpoints: the modules that own the files serve
 * them (the export download, the receipt endpoint) with their own grants.
 */
export {
  createStoredFile,
  openStoredFile,
  readStoredBytes,
  removeStoredFiles,
  STORED_FILE_CHUNK_BYTES,
  storeBytes,
  storeBytesOnce,
  storedFileNamed,
  StoredFileWriter,
} from './stored-files.service.js';
export type { StoredFileRow } from './stored-files.table.js';
