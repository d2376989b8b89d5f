import { useState } from 'react';
import type { ApiClient } from '../../api/client';
import { leadsApi } from '../../api/users/leads';
import { usersApi } from '../../api/users/users';
import { downloadCsv } from '../../app/download';
import { PEOPLE_MESSAGES } from '../../domain/shared/messages';
import { usersCsv, waitlistCsv } from '../../domain/users/users-list';
import { notify } from '../../ui/kit/notify';

/** Download Users (every user matching the search) and Download Waitlist as CSV files. */
export function useUserDownloads(api: ApiClient, q: string) {
  const [downloading, setDownloading] = useState<'users' | 'waitlist' | null>(null);
  const download = async (which: 'users' | 'waitlist') => {
    setDownloading(which);
    try {
      if (which === 'users') {
        const everyone = await usersApi(api).list({ search: q, pageSize: 'all' });
        downloadCsv('users', usersCsv(everyone.users));
      } else {
        downloadCsv('waitlist', waitlistCsv(await leadsApi(api).list()));
      }
    } catch {
      void notify('error', PEOPLE_MESSAGES.downloadFailed);
    } finally {
      setDownloading(null);
    }
  };
  return { downloading, download };
}
