import { Button, Form, Modal, Switch, Typography } from 'antd';
import { useState } from 'react';
import { errorMessage } from '../../../app/errors';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { notify } from '../../../app/notify';
import { draftOf } from '../alertDraft';
import { useCreateAlertMutation, useUpdateAlertMutation } from '../alertsApi';
import {
  formClosed,
  selectAlertFormTarget,
  selectSymbolSearchOpen,
  symbolSearchClosed,
  symbolSearchOpened,
} from '../alertsSlice';
import type { Alert, AlertInput, Contract } from '../types';
import { BasicSection } from './BasicSection';
import { SymbolSearchModal } from './SymbolSearchModal';
import { TargetsSection } from './TargetsSection';

function AlertForm({ editing }: { editing: Alert | undefined }) {
  const dispatch = useAppDispatch();
  const symbolSearchOpen = useAppSelector(selectSymbolSearchOpen);
  const [draft, setDraft] = useState<AlertInput>(() => draftOf(editing));
  const [create, createState] = useCreateAlertMutation();
  const [update, updateState] = useUpdateAlertMutation();
  const saving = createState.isLoading || updateState.isLoading;
  const patch = (p: Partial<AlertInput>) => setDraft((d) => ({ ...d, ...p }));

  const save = async () => {
    const body = { ...draft, name: draft.name.trim() };
    try {
      if (editing) {
        await update({ id: editing.id, body }).unwrap();
      } else {
        await create(body).unwrap();
      }
      notify.success(editing ? 'Alert Updated' : 'Alert Created', `${body.name} has been saved.`);
      dispatch(formClosed());
    } catch (e) {
      notify.error('Error', errorMessage(e, 'Failed to save alert'));
    }
  };

  const pickSymbol = (c: Contract) => {
    patch({ symbol: c.symbol, symbolId: c.contract_id });
    dispatch(symbolSearchClosed());
    notify.success('Symbol Added', `${c.symbol} has been mapped successfully`);
  };

  return (
    <Modal
      open
      width={640}
      title={
        <div>
          {editing ? 'Edit Alert' : 'Create New Alert'}
          <Typography.Paragraph type="secondary" style={{ margin: 0, fontWeight: 'normal' }}>
            Configure your news-based trading alert
          </Typography.Paragraph>
        </div>
      }
      onCancel={() => dispatch(formClosed())}
      footer={[
        <Button key="cancel" onClick={() => dispatch(formClosed())}>
          Cancel
        </Button>,
        <Button key="save" type="primary" loading={saving} disabled={saving} onClick={() => void save()}>
          {editing ? 'Save Changes' : 'Create Alert'}
        </Button>,
      ]}
    >
      <Form layout="vertical" component="div">
        <BasicSection draft={draft} onChange={patch} onMapSymbol={() => dispatch(symbolSearchOpened())} />
        <TargetsSection draft={draft} onChange={patch} />
        <section aria-label="ATM Brackets">
          <h4 className="form-section-title">ATM Brackets</h4>
          <Switch
            aria-label="Enable ATM brackets"
            checked={draft.atmEnabled}
            onChange={(on) => patch({ atmEnabled: on })}
          />
        </section>
      </Form>
      {symbolSearchOpen && <SymbolSearchModal onCancel={() => dispatch(symbolSearchClosed())} onPick={pickSymbol} />}
    </Modal>
  );
}

export function AlertFormModal({ alerts }: { alerts: Alert[] }) {
  const target = useAppSelector(selectAlertFormTarget);
  if (target === null) {
    return null;
  }
  const editing = target === 'new' ? undefined : alerts.find((a) => a.id === target);
  // Keyed so each opening starts from a fresh draft.
  return <AlertForm key={target} editing={editing} />;
}
