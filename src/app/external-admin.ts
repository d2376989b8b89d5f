/**
 * Following Manage payouts or Update address: the tab opens at once (while the click still allows it),
 * then the API gives a one-time code for that page and record and the tab goes to the external admin site
 * with it. The session's token never leaves the console. On failure the tab closes and a toast says so.
 */
import type { ExternalAdminApi } from '../api/external-admin/external-admin';
import { ACCESS_MESSAGES } from '../domain/shared/messages';
import { externalAdminLink, type ExternalNavItem } from '../domain/shell/navigation';
import { notice } from '../machines/shared/notice';
import { showNotice } from './flow';

export async function openExternalAdmin(api: ExternalAdminApi, base: string, item: ExternalNavItem) {
  const tab = window.open('about:blank', '_blank');
  // The external site gets no handle on the console's window.
  if (tab) tab.opener = null;
  try {
    const { code } = await api.code({ page: item.page, id: item.id });
    const url = externalAdminLink(base, item.page, { id: item.id, code });
    if (tab) tab.location.replace(url);
    else window.location.assign(url);
  } catch {
    tab?.close();
    void showNotice(notice('error', ACCESS_MESSAGES.externalAdminFailed));
  }
}
