import {
  AccountBookOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BarChartOutlined,
  BellOutlined,
  CustomerServiceOutlined,
  GiftOutlined,
  HomeOutlined,
  LockOutlined,
  MoneyCollectOutlined,
  PhoneOutlined,
  SafetyOutlined,
  SettingOutlined,
  TagsOutlined,
  ToolOutlined,
  UnorderedListOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

/** The route tree's `meta.icon` names mapped to Ant Design icons. */
export const routeIcons: Record<string, ComponentType> = {
  home: HomeOutlined,
  audit: AuditOutlined,
  phone: PhoneOutlined,
  bell: BellOutlined,
  wallet: WalletOutlined,
  money: MoneyCollectOutlined,
  list: UnorderedListOutlined,
  'account-book': AccountBookOutlined,
  chart: BarChartOutlined,
  'customer-service': CustomerServiceOutlined,
  setting: SettingOutlined,
  gift: GiftOutlined,
  tool: ToolOutlined,
  tags: TagsOutlined,
  safety: SafetyOutlined,
  lock: LockOutlined,
};

export function RouteIcon({ name }: { name: string | undefined }) {
  if (!name) return null;
  const Icon = routeIcons[name] ?? AppstoreOutlined;
  return <Icon />;
}
