import { useEffect, useRef } from 'react';
import { notify } from '../../app/notify';
import { TOTAL_STEPS } from './components/ProgressHeader';

/** Spec §4: fires once on reaching 3/3 and re-arms when progress drops below 3. */
export function useReadyToast(step: number): void {
  const armed = useRef(true);
  useEffect(() => {
    if (step < TOTAL_STEPS) {
      armed.current = true;
      return;
    }
    if (armed.current) {
      armed.current = false;
      notify.success('Webhook generated successfully!', 'Your TradingView webhook is ready to use.', 4);
    }
  }, [step]);
}
