import type { SvgIconComponent } from '@mui/icons-material';
import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import DevicesOutlined from '@mui/icons-material/DevicesOutlined';
import DocumentScannerOutlined from '@mui/icons-material/DocumentScannerOutlined';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import ManageSearchOutlined from '@mui/icons-material/ManageSearchOutlined';
import ScreenShareOutlined from '@mui/icons-material/ScreenShareOutlined';
import { canSeeShareCalls, canUseShare, canViewEventLogs, type Actor } from '@portal/contracts';
import type { ParseKeys } from 'i18next';

export interface NavItem {
  to: string;
  labelKey: ParseKeys;
  icon: SvgIconComponent;
  /** Spec §2: the Legacy Dashboard opens in a new tab. */
  newTab?: boolean;
  /** Active only on an exact match (Home would otherwise match everything). */
  end?: boolean;
  /** A count beside the label (new tickets on my desk for Dashboard). */
  badge?: number;
}

/** The header menu of spec §2, for this user. Desktop bar and phone drawer share it. */
export function navItemsFor(user: Actor | null, counts: { deskUnseen?: number } = {}): NavItem[] {
  const items: NavItem[] = [
    { to: '/', labelKey: 'nav.home', icon: HomeOutlined, end: true },
    { to: '/dashboard', labelKey: 'nav.dashboard', icon: DashboardOutlined, badge: counts.deskUnseen },
    { to: '/admin', labelKey: 'nav.legacyDashboard', icon: AdminPanelSettingsOutlined, newTab: true },
    { to: '/it', labelKey: 'nav.it', icon: DevicesOutlined },
    { to: '/wfm', labelKey: 'nav.wfm', icon: GroupsOutlined },
    { to: '/ocr', labelKey: 'nav.ocr', icon: DocumentScannerOutlined },
  ];
  // Not in spec §2's menu, but its share routes need a way in: the share roles get the
  // people list, auditors who are not share roles (directors) the calls audit.
  if (canUseShare(user)) items.push({ to: '/share', labelKey: 'nav.share', icon: ScreenShareOutlined });
  else if (canSeeShareCalls(user))
    items.push({ to: '/share/calls', labelKey: 'nav.shareCalls', icon: ScreenShareOutlined });
  if (canViewEventLogs(user)) items.push({ to: '/eventlogs', labelKey: 'nav.eventLogs', icon: ManageSearchOutlined });
  return items;
}
