import { Form, Input, Modal, Select } from 'antd';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { notify } from '../../../app/notify';
import { useFormOpening } from '../../../app/ui/useFormOpening';
import { serverDetail } from '../../../app/errors';
import { formValuesOf, toConnectionInput, type ConnectionFormValues } from '../connectionForm';
import { useCreateConnectionMutation, useUpdateConnectionMutation } from '../connectionsApi';
import { modalClosed, selectConnectionModal } from '../connectionsSlice';
import type { Connection } from '../types';

export function ConnectionFormModal({ connections }: { connections: Connection[] }) {
  const dispatch = useAppDispatch();
  const { modalOpen, editingId } = useAppSelector(selectConnectionModal);
  const editing = connections.find((c) => c.id === editingId);
  const [form] = Form.useForm<ConnectionFormValues>();
  const [create, createState] = useCreateConnectionMutation();
  const [update, updateState] = useUpdateConnectionMutation();
  const saving = createState.isLoading || updateState.isLoading;

  useFormOpening(form, modalOpen ? (editingId ?? 'new') : null, () => formValuesOf(editing));

  const save = async (values: ConnectionFormValues) => {
    const input = toConnectionInput(values);
    try {
      if (editing) {
        await update({ id: editing.id, changes: input }).unwrap();
        notify.success('Connection Updated', `${input.nickname} has been saved.`);
      } else {
        await create(input).unwrap();
        notify.success('Connection Created', `${input.nickname} has been added.`);
      }
      dispatch(modalClosed());
    } catch (e) {
      if (editing) {
        notify.error('Update failed', serverDetail(e) ?? 'Could not update connection.');
      } else {
        notify.error('Create failed', serverDetail(e) ?? 'Failed to create connection.');
      }
    }
  };

  const keepHint = (has: boolean | undefined) => (has ? 'Leave blank to keep the saved value' : undefined);

  return (
    <Modal
      open={modalOpen}
      title={editing ? 'Edit Connection' : 'Add Connection'}
      okText="Save"
      onOk={() => form.submit()}
      okButtonProps={{ loading: saving, disabled: saving }}
      onCancel={() => dispatch(modalClosed())}
      destroyOnHidden
    >
      <Form
        form={form}
        name="connection"
        layout="vertical"
        initialValues={formValuesOf(editing)}
        onFinish={(values) => void save(values)}
        preserve={false}
      >
        <Form.Item
          name="nickname"
          label="Nickname"
          rules={[{ required: true, whitespace: true, message: 'Please enter a nickname' }]}
        >
          <Input />
        </Form.Item>
        <Form.Item name="environment" label="Environment">
          <Select
            options={[
              { value: 'demo', label: 'demo' },
              { value: 'live', label: 'live' },
            ]}
          />
        </Form.Item>
        <Form.Item name="username" label="Username">
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="password" label="Password">
          <Input.Password autoComplete="new-password" placeholder={keepHint(editing?.hasPassword)} />
        </Form.Item>
        <Form.Item name="appId" label="App ID">
          <Input />
        </Form.Item>
        <Form.Item name="appVersion" label="App Version">
          <Input />
        </Form.Item>
        <Form.Item name="deviceId" label="Device ID">
          <Input />
        </Form.Item>
        <Form.Item name="cid" label="Client ID (cid)">
          <Input />
        </Form.Item>
        <Form.Item name="sec" label="Secret (sec)">
          <Input.Password autoComplete="new-password" placeholder={keepHint(editing?.hasSecret)} />
        </Form.Item>
        <Form.Item name="connectedAccounts" label="Connected Accounts" extra="Comma separated">
          <Input />
        </Form.Item>
        <Form.Item name="status" label="Status">
          <Select
            options={[
              { value: 'active', label: 'active' },
              { value: 'expired', label: 'expired' },
              { value: 'error', label: 'error' },
            ]}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
