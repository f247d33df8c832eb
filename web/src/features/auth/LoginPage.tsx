import { Card, Tabs } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { LoginForm } from './components/LoginForm';
import { RegisterForm } from './components/RegisterForm';

type Tab = 'login' | 'register';

export function LoginPage() {
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'register' ? 'register' : 'login';

  // Only the active tab's form is mounted, so switching tabs clears its fields and error (spec /login).
  return (
    <Card className="auth-card">
      <Tabs
        activeKey={tab}
        destroyOnHidden
        onChange={(key) => setParams(key === 'register' ? { tab: 'register' } : {}, { replace: true })}
        items={[
          { key: 'login', label: 'Login', children: <LoginForm /> },
          { key: 'register', label: 'Register', children: <RegisterForm /> },
        ]}
      />
    </Card>
  );
}
