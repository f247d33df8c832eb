import { Layout } from 'antd';
import { Outlet } from 'react-router-dom';
import { useSessionBootstrap } from '../../features/auth/useSessionBootstrap';
import { AppHeader } from './AppHeader';

export function AppLayout() {
  useSessionBootstrap();
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <AppHeader />
      <Layout.Content className="app-content">
        <Outlet />
      </Layout.Content>
    </Layout>
  );
}
