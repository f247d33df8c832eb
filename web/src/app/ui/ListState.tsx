import { Alert, Button, Empty, Flex, Spin } from 'antd';
import type { ReactNode } from 'react';
import { errorMessage } from '../errors';

interface Props {
  isLoading: boolean;
  error: unknown;
  isEmpty: boolean;
  emptyText: ReactNode;
  onRetry?: () => void;
  /** What the list is, for screen readers ("Loading connections"). */
  label: string;
  children: ReactNode;
}

/** Every list shows the same loading, error and empty states. */
export function ListState({ isLoading, error, isEmpty, emptyText, onRetry, label, children }: Props) {
  if (isLoading) {
    return (
      <Flex justify="center" style={{ padding: 32 }} role="status" aria-label={`Loading ${label}`}>
        <Spin />
      </Flex>
    );
  }
  if (error) {
    return (
      <Alert
        type="error"
        showIcon
        message={`Could not load ${label}`}
        description={errorMessage(error)}
        action={onRetry && <Button onClick={onRetry}>Retry</Button>}
      />
    );
  }
  if (isEmpty) {
    return <Empty description={emptyText} />;
  }
  return <>{children}</>;
}
