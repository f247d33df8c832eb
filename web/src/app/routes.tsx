import { Navigate, Route, Routes } from 'react-router-dom';
import { AlertsPage } from '../features/alerts/AlertsPage';
import { ForgotPasswordPage } from '../features/auth/ForgotPasswordPage';
import { LoginPage } from '../features/auth/LoginPage';
import { RegistrationSuccessPage } from '../features/auth/RegistrationSuccessPage';
import { ResetPasswordPage } from '../features/auth/ResetPasswordPage';
import { ConnectionsPage } from '../features/connections/ConnectionsPage';
import { GroupsPage } from '../features/groups/GroupsPage';
import { HomePage } from '../features/home/HomePage';
import { LogsPage } from '../features/logs/LogsPage';
import { UserManagementPage } from '../features/users/UserManagementPage';
import { WebhooksPage } from '../features/webhooks/WebhooksPage';
import { AppLayout } from './layout/AppLayout';
import { RequireAdmin } from './layout/RequireAdmin';
import { RequireAuth } from './layout/RequireAuth';

/** The route table of spec §2. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/registration-success" element={<RegistrationSuccessPage />} />
        <Route path="/forgot-password" element={<ForgotPasswordPage />} />
        <Route path="/reset-password" element={<ResetPasswordPage />} />
        <Route element={<RequireAuth />}>
          <Route path="/" element={<HomePage />} />
          <Route path="/connections" element={<ConnectionsPage />} />
          <Route path="/groups" element={<GroupsPage />} />
          <Route path="/alerts" element={<AlertsPage />} />
          <Route path="/webhooks" element={<WebhooksPage />} />
          <Route path="/logs" element={<LogsPage />} />
          <Route element={<RequireAdmin />}>
            <Route path="/user-management" element={<UserManagementPage />} />
          </Route>
        </Route>
        <Route path="*" element={<Navigate to="/" replace />} />
      </Route>
    </Routes>
  );
}
