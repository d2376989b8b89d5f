import { useCallback, useState } from 'react';
import type { ApiClient } from '../../api/client';
import { leadsApi } from '../../api/users/leads';
import { usersApi } from '../../api/users/users';
import { downloadCsv } from '../../app/download';
import { PEOPLE_MESSAGES } from '../../domain/shared/messages';
import { usersCsv, usersExportQuery, waitlistCsv } from '../../domain/users/users-list';
import { notify } from '../../ui/kit/notify';

/** Download Users (every user the list shows: search, role filter, sort) and Download Waitlist as CSV files. */
export function useUserDownloads(api: ApiClient, shown: Parameters<typeof usersExportQuery>[0]) {
  const [downloading, setDownloading] = useState<'users' | 'waitlist' | null>(null);
  const { search, role, sort, dir } = shown;
  const download = useCallback(
    async (which: 'users' | 'waitlist') => {
      setDownloading(which);
      try {
        if (which === 'users') {
          const everyone = await usersApi(api).list(usersExportQuery({ search, role, sort, dir }));
          downloadCsv('users', usersCsv(everyone.users));
        } else {
          downloadCsv('waitlist', waitlistCsv(await leadsApi(api).list()));
        }
      } catch {
        void notify('error', PEOPLE_MESSAGES.downloadFailed);
      } finally {
        setDownloading(null);
      }
    },
    [api, search, role, sort, dir],
  );
  return { downloading, download };
}
