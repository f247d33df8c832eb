import type { ServerUser } from '../auth/types';
import type { StatusFilter } from './usersSlice';

export function filterUsers(users: ServerUser[], search: string, status: StatusFilter): ServerUser[] {
  const q = search.trim().toLowerCase();
  return users.filter((u) => {
    if (status === 'active' && !u.is_active) {
      return false;
    }
    if (status === 'inactive' && u.is_active) {
      return false;
    }
    return !q || u.email.toLowerCase().includes(q) || String(u.id).toLowerCase().includes(q);
  });
}
