import type { CampaignAudience } from '@lending/contract';
import { addDays } from '@lending/lending';
import { staffIdsByEmail } from '../modules/user/index.js';
import type { SmsGateways } from '../integrations/index.js';
import type { Database } from '../plugins/db.js';
import { AppError } from '../shared/app-error.js';
import {
  accountPhonesNotOptedOut,
  addOptOut,
  createCampaign,
  sendDueCampaignMessages,
} from '../modules/marketing-sms/index.js';
import type { Prng } from './prng.js';
import type { SimulationClock } from './world.js';

export interface MarketingWorkDeps {
  db: Database;
  clock: SimulationClock;
  sms: SmsGateways;
  /** Delivers the gateway's receipts (the sandbox's webhooks). */
  drain: () => Promise<unknown>;
}

/** The simulator acts as staff directly; the console's calls are audited, these need not be. */
const NO_AUDIT = { record: async () => undefined };

/** Maya Marketing, who runs the campaigns. */
const MAYA = 'marketing@example.com';

/** Every sixth day Maya runs a campaign, alternating between the book's two lists. */
const CAMPAIGN_EVERY_DAYS = 6;
const CAMPAIGNS = [
  { name: 'Come back for your next loan', audience: { source: 'clearNotLoan' as const } },
  {
    name: 'Finish your application',
    audience: { source: 'regNotLoan' as const, withinDays: 30 },
  },
];

/**
 * The marketing desk's day (11:00 India time, inside TRAI's hours): some borrowers reply STOP
 * to promotional messages; every sixth day Maya Marketing sends a campaign to one of the
 * book's lists, which the sending job hands to the SMS sandbox minute by minute and whose
 * receipts come back; on the last day she schedules one for tomorrow (so marketingSMS opens
 * on every status). Skipped when the demo accounts are absent.
 */
export async function marketingWork(
  deps: MarketingWorkDeps,
  prng: Prng,
  date: string,
  day: number,
  lastDay: boolean,
): Promise<void> {
  const maya = (await staffIdsByEmail(deps.db, [MAYA])).get(MAYA);
  if (maya === undefined) return;
  deps.clock.setIndia(date, 11);
  await someOptOut(deps, prng);

  if (day % CAMPAIGN_EVERY_DAYS === CAMPAIGN_EVERY_DAYS - 1) {
    const plan = CAMPAIGNS[Math.floor(day / CAMPAIGN_EVERY_DAYS) % CAMPAIGNS.length]!;
    await campaign(deps, maya, `${plan.name} (${date})`, plan.audience, date);
    // The job's passes, a minute apart, until the campaign is out (bounded).
    for (let minute = 0; minute < 30; minute += 1) {
      const report = await sendDueCampaignMessages(deps);
      if (report.sent + report.skipped + report.failed === 0) break;
      deps.clock.set(new Date(deps.clock.now().getTime() + 60_000));
    }
    await deps.drain();
  }
  if (lastDay) {
    const tomorrow = addDays(date, 1);
    for (const plan of CAMPAIGNS) {
      if (await campaign(deps, maya, `Weekend offer (${tomorrow})`, plan.audience, tomorrow)) {
        break;
      }
    }
  }
}

async function campaign(
  deps: MarketingWorkDeps,
  actorId: number,
  name: string,
  audience: CampaignAudience,
  sendDate: string,
): Promise<boolean> {
  try {
    await createCampaign(deps, deps.db, NO_AUDIT, actorId, {
      name,
      templateCode: 'marketing_offer_v1',
      params: { amount: '25,000' },
      audience,
      sendAt: `${sendDate}T11:00:00+05:30`,
      ratePerMinute: 50,
      idempotencyKey: `sim-campaign-${sendDate}-${audience.source}`,
    });
    return true;
  } catch (error) {
    // An audience with no one to send to yet (early in the book) is no campaign.
    if (!(error instanceof AppError)) throw error;
    return false;
  }
}

/** About one account in five hundred replies STOP (or joins the DND registry) a day (promotional messages only). */
async function someOptOut(deps: MarketingWorkDeps, prng: Prng) {
  const candidates = await accountPhonesNotOptedOut(deps.db);
  const count = Math.floor(candidates.length / 250);
  for (let i = 0; i < count; i += 1) {
    if (!prng.chance(0.5)) continue;
    const { phone } = prng.pick(candidates);
    await addOptOut(deps.db, {
      phone,
      source: prng.chance(0.7) ? 'stopReply' : 'dndRegistry',
      at: deps.clock.now(),
    });
  }
}
