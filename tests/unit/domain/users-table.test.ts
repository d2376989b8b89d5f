import { describe, expect, it } from 'vitest';
import { alreadySignedIn } from '../../../src/domain/auth/page-names';
import { isCurrentEntry, ADMIN_NAV } from '../../../src/domain/shell/navigation';
import { formatJoined, nextUsersSort } from '../../../src/domain/users/users-table';

describe('users table', () => {
  it('the joined date is the day in the reader’s zone', () => {
    // 03:30 UTC on 5 March is still 4 March in Los Angeles.
    expect(formatJoined('2025-03-05T03:30:00.000Z', 'America/Los_Angeles')).toBe('Mar 4, 2025');
    expect(formatJoined('2025-03-05T03:30:00.000Z', 'Europe/Berlin')).toBe('Mar 5, 2025');
    expect(formatJoined('not a date', 'UTC')).toBe('—');
  });

  it('a header turns its own column around and starts another one its natural way', () => {
    expect(nextUsersSort({ sort: 'name', dir: 'asc' }, 'name')).toEqual({ sort: 'name', dir: 'desc' });
    expect(nextUsersSort({ sort: 'name', dir: 'desc' }, 'email')).toEqual({ sort: 'email', dir: 'asc' });
    expect(nextUsersSort({ sort: 'name', dir: 'asc' }, 'joined')).toEqual({ sort: 'joined', dir: 'desc' });
  });
});

describe('shell', () => {
  it('Services is the current entry on / and below /services', () => {
    const services = ADMIN_NAV.find((item) => item.label === 'Services');
    if (!services) throw new Error('no Services entry');
    expect(isCurrentEntry(services, '/')).toBe(true);
    expect(isCurrentEntry(services, '/services/create')).toBe(true);
    expect(isCurrentEntry(services, '/users')).toBe(false);
  });

  it('a signed-in person on /login: where the console is and which page was refused, by its name', () => {
    expect(alreadySignedIn('provider', '/users?page=1')).toMatchObject({
      to: '/provider/overview',
      refused: 'Users',
    });
    expect(alreadySignedIn('admin', '/users')).toMatchObject({ to: '/users', refused: null });
    expect(alreadySignedIn('admin', undefined)).toMatchObject({ to: '/services', refused: null });
  });
});
