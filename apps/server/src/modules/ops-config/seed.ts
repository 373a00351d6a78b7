import type { Executor } from '../../plugins/db.js';
import { seedSmsTemplates } from '../../integrations/index.js';
import { anyVersionReleased, insertVersionsIfAbsent } from './app-versions.repository.js';
import { versionSortKey } from './app-versions.service.js';
import { anyChannelSaved, insertChannelsIfAbsent } from './channels.repository.js';
import { insertAppConfigIfAbsent } from './settings.repository.js';
import { APP_CONFIG_KEY, seedSettings } from './settings.service.js';
import { insertSmsGatewaySettingsIfAbsent } from './sms-config.repository.js';
import { SMS_CONFIG_KEY } from './sms-config.service.js';

const DAY = 86_400_000;

/** The channels the simulator's registrations come by (simulator/personas.ts CHANNELS). */
const CHANNELS = [
  [
    'play_store',
    'Google Play',
    'Google',
    'https://play.google.com/store/apps/details?id=in.lending.app',
  ],
  [
    'partner_paisabazaar',
    'Paisabazaar',
    'Paisabazaar.com',
    'https://www.paisabazaar.com/partner/lending',
  ],
  ['referral', 'Invite a friend', 'In-house', 'https://lending.example.in/invite'],
  ['facebook_ads', 'Facebook ads', 'Meta', 'https://lending.example.in/l/fb'],
  ['app', 'Direct (no channel)', 'In-house', 'https://lending.example.in/app'],
] as const;

/**
 * First-start configuration, written only into empty tables (never over staff's changes, and
 * never bringing back what staff deleted):
 * configuration items, app addresses, three version releases, SMS templates and gateway
 * settings (no key), acquisition channels.
 */
export async function seedOpsConfig(db: Executor, at: Date): Promise<void> {
  await seedSettings(db, at, { reapply_after_days: '7' });
  await seedSmsTemplates(db, at);
  await insertAppConfigIfAbsent(db, APP_CONFIG_KEY, {
    telephone: '1800 102 4455',
    helpUrl: 'https://lending.example.in/help',
    privacyUrl: 'https://lending.example.in/privacy',
    termsUrl: 'https://lending.example.in/terms',
    loanAgreementUrl: 'https://lending.example.in/loan-agreement',
    updatedAt: at,
  });
  // Only into an empty table: a release withdrawn by staff is not brought back by a restart.
  if (!(await anyVersionReleased(db)))
    await insertVersionsIfAbsent(
      db,
      (
        [
          ['1.0.0', 'First release', false, 60],
          ['1.1.0', 'Key fact statement before acceptance; UPI repayment', true, 30],
          ['1.2.0', 'Faster sign-in; Hindi texts', false, 5],
        ] as const
      ).map(([version, content, forceUpdate, daysAgo]) => ({
        version,
        sortKey: versionSortKey(version),
        content,
        forceUpdate,
        packageUrl: `https://downloads.lending.example.in/app-${version}.apk`,
        releasedAt: new Date(at.getTime() - daysAgo * DAY),
      })),
    );
  await insertSmsGatewaySettingsIfAbsent(db, {
    key: SMS_CONFIG_KEY,
    provider: 'sandbox',
    senderIds: ['LENDIN', '562311'],
    ratePerMinute: 600,
    quietStart: '21:00',
    quietEnd: '10:00',
    apiKey: null,
    updatedAt: at,
  });
  if (!(await anyChannelSaved(db)))
    await insertChannelsIfAbsent(
      db,
      CHANNELS.map(([code, name, partner, link]) => ({
        code,
        name,
        partner,
        link,
        status: 'available' as const,
        updatedAt: at,
      })),
    );
}
