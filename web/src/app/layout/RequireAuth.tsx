import { Flex, Spin } from 'antd';
import { Navigate, Outlet } from 'react-router-dom';
import { selectStatus } from '../../features/auth/authSlice';
import { useAppSelector } from '../hooks';

export function RequireAuth() {
  const status = useAppSelector(selectStatus);
  if (status === 'checking') {
    return (
      <Flex justify="center" style={{ padding: 48 }} role="status" aria-label="Checking your session">
        <Spin size="large" />
      </Flex>
    );
  }
  if (status === 'anonymous') {
    return <Navigate to="/login" replace />;
  }
  return <Outlet />;
}
