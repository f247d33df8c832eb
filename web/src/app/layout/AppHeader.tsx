import { EllipsisOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Dropdown, Menu, Space } from 'antd';
import type { MenuProps } from 'antd';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { loggedOut, selectStatus, selectUser } from '../../features/auth/authSlice';
import { useAppDispatch, useAppSelector } from '../hooks';
import { notify } from '../notify';

export const PRODUCT_NAME = 'QuantLynk';

const NAV_ITEMS = [
  { key: '/connections', label: 'Manage Connections' },
  { key: '/groups', label: 'Trading Groups' },
  { key: '/alerts', label: 'Trading Alerts' },
  { key: '/webhooks', label: 'Webhook Generator' },
  { key: '/logs', label: 'Trade Logs' },
];

export function AppHeader() {
  const user = useAppSelector(selectUser);
  // While a stored session is being checked the header offers neither Login/Register nor the menu: it is not known yet.
  const checking = useAppSelector(selectStatus) === 'checking';
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();

  const logout = () => {
    dispatch(loggedOut());
    notify.success('Logged Out', 'You have been signed out.');
    void navigate('/login');
  };

  const navItems: MenuProps['items'] = [
    ...NAV_ITEMS,
    ...(user?.isAdmin ? [{ key: '/user-management', label: 'User Management' }] : []),
  ];

  return (
    <header className="app-header">
      <Link to="/" className="app-brand">
        {PRODUCT_NAME}
      </Link>
      {user ? (
        <>
          <Menu
            className="app-nav"
            mode="horizontal"
            aria-label="Main navigation"
            selectedKeys={[location.pathname]}
            items={navItems}
            // On a narrow screen the pages that do not fit fold into this; named for screen readers. It opens on a
            // tap, not on hover: a phone has no hover, and a menu that closes when the pointer strays is easy to lose.
            overflowedIndicator={<EllipsisOutlined aria-label="More pages" />}
            triggerSubMenuAction="click"
            onClick={({ key }) => void navigate(key)}
          />
          <Dropdown
            trigger={['click']}
            menu={{
              items: [
                { key: 'email', label: user.email, disabled: true },
                { type: 'divider' },
                { key: 'logout', label: 'Logout', icon: <LogoutOutlined /> },
              ],
              onClick: ({ key }) => key === 'logout' && logout(),
            }}
          >
            <Button icon={<UserOutlined />} aria-label={`Account menu for ${user.email}`}>
              <span className="app-user-email">{user.email}</span>
            </Button>
          </Dropdown>
        </>
      ) : checking ? null : (
        <Space style={{ marginLeft: 'auto' }}>
          <Button onClick={() => void navigate('/login')}>Login</Button>
          <Button type="primary" onClick={() => void navigate('/login?tab=register')}>
            Register
          </Button>
        </Space>
      )}
    </header>
  );
}
