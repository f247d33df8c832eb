import { Result } from 'antd';
import { Outlet } from 'react-router-dom';
import { selectIsAdmin } from '../../features/auth/authSlice';
import { useAppSelector } from '../hooks';

export function RequireAdmin() {
  const isAdmin = useAppSelector(selectIsAdmin);
  if (!isAdmin) {
    return <Result status="403" title="Access Denied" subTitle="You don't have permission to access this page." />;
  }
  return <Outlet />;
}
