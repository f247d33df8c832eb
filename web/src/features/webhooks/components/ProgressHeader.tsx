import { Progress } from 'antd';

export const TOTAL_STEPS = 3;

export function ProgressHeader({ step }: { step: number }) {
  return (
    <Progress
      aria-label="Webhook progress"
      percent={Math.round((step / TOTAL_STEPS) * 100)}
      format={() => `${step}/${TOTAL_STEPS}`}
      strokeColor="rgb(81 59 253)"
      style={{ marginBottom: 16 }}
    />
  );
}
