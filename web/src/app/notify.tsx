import { notification } from 'antd';
import type { NotificationConfig, NotificationInstance } from 'antd/es/notification/interface';
import type { ReactNode } from 'react';
import { useEffect } from 'react';

/** Spec §4/§9: at most 5 visible, bottom-right, 4 s by default (errors 5 s), width 440, paused on hover. */
export const NOTIFICATION_CONFIG: NotificationConfig = {
  maxCount: 5,
  placement: 'bottomRight',
  duration: 4,
  pauseOnHover: true,
  stack: false,
};
export const ERROR_DURATION = 5;
export const LOGIN_DURATION = 3;

// Keeps 440 px on desktop and still fits a 390 px phone.
const style = { width: 'min(440px, calc(100vw - 32px))' };

let instance: NotificationInstance | null = null;
notification.config(NOTIFICATION_CONFIG);

type Kind = 'success' | 'error' | 'warning' | 'info';

function show(kind: Kind, message: ReactNode, description?: ReactNode, duration?: number): void {
  const target = instance ?? notification;
  target[kind]({
    message,
    description,
    duration: duration ?? (kind === 'error' ? ERROR_DURATION : NOTIFICATION_CONFIG.duration),
    style,
    role: kind === 'error' ? 'alert' : 'status',
  });
}

/**
 * One way to raise a notice from components, hooks and the API layer alike. The host below binds it to the
 * React tree so notices pick up the theme; before it mounts the static API is used.
 */
export const notify = {
  success: (message: ReactNode, description?: ReactNode, duration?: number) =>
    show('success', message, description, duration),
  error: (message: ReactNode, description?: ReactNode, duration?: number) =>
    show('error', message, description, duration),
  warning: (message: ReactNode, description?: ReactNode, duration?: number) =>
    show('warning', message, description, duration),
  info: (message: ReactNode, description?: ReactNode, duration?: number) =>
    show('info', message, description, duration),
};

export function NotificationHost() {
  const [api, holder] = notification.useNotification(NOTIFICATION_CONFIG);
  useEffect(() => {
    instance = api;
    return () => {
      if (instance === api) {
        instance = null;
      }
    };
  }, [api]);
  return holder;
}
