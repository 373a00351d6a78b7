// Starts the built server on a fresh embedded database with demo data, as a new user's
// first `npm start` would, so every journey sees the same book.
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';

const dataDir = resolve(process.cwd(), `.tmp/e2e-data-${process.env.PORT ?? 'default'}`);
rmSync(dataDir, { recursive: true, force: true });
process.env.DATA_DIR = dataDir;
process.env.HOST = '127.0.0.1';
process.env.DEMO_DATA = 'true';
// The sandbox SMS gateway writes each message here: journeys read a borrower's OTP from it.
process.env.SANDBOX_SMS_OUTBOX_FILE = resolve(dataDir, 'sms-outbox.jsonl');
process.env.LOG_LEVEL = process.env.LOG_LEVEL ?? 'warn';
// The server's clock starts inside 09:00–17:00 India time on the real India date whatever the
// hour (decision 0056), so the collection journey runs one path at any time of day; journeys
// read the server's time with serverNow() (e2e/support.ts).
process.env.DEMO_CLOCK_WITHIN = '09:00-17:00';
await import('../apps/server/dist/server.js');
