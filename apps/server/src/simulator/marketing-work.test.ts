import { describe, expect, it } from 'vitest';
import { openDatabase } from '../plugins/db.js';
import { marketingSmsCampaigns } from '../modules/marketing-sms/index.js';
import { marketingSmsRecipients } from '../modules/marketing-sms/marketing-sms.table.js';
import { smsMessages } from '../integrations/index.js';
import { simulate, seedLikeFirstStart } from './run-simulation.js';
import { startOfIndiaDate } from '../shared/india-date.js';
import { eq } from 'drizzle-orm';

// On the embedded database only, as collection-work.test.ts says.
describe.skipIf(process.env.DATABASE_URL)('the marketing desk in the demo book', () => {
  it('sends a campaign to the book, its receipts come back, and one is left scheduled', async () => {
    const handle = await openDatabase({});
    await handle.migrate();
    const startDate = '2025-03-01';
    await seedLikeFirstStart(handle.db, startOfIndiaDate(startDate));
    await simulate({
      borrowers: 20,
      days: 13,
      seed: 3,
      startDate,
      db: handle.db,
      transport: 'direct',
    });
    const campaigns = await handle.db.select().from(marketingSmsCampaigns);
    expect(campaigns.map((c) => c.status).sort()).toContain('completed');
    expect(campaigns.map((c) => c.status)).toContain('scheduled');
    const recipients = await handle.db
      .select({ status: marketingSmsRecipients.status, delivery: smsMessages.status })
      .from(marketingSmsRecipients)
      .leftJoin(
        smsMessages,
        eq(smsMessages.providerMessageId, marketingSmsRecipients.providerMessageId),
      );
    const sent = recipients.filter((r) => r.status === 'sent');
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.every((r) => r.delivery === 'delivered' || r.delivery === 'failed')).toBe(true);
    await handle.close();
  }, 120_000);
});
