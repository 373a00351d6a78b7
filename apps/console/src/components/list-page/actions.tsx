import { useQueryClient } from '@tanstack/react-query';
import { Button, Space, Tooltip } from 'antd';
import type { ComponentType } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { EndpointBody, EndpointDefinition } from '@lending/contract';
import { api } from '../../lib/api';
import { feedback } from '../../lib/feedback';
import type { Grants } from '../../lib/grants';
import { endpointKey } from '../../lib/use-endpoint';
import { translate } from './text';
import type {
  ActionFormProps,
  BulkAction,
  BulkCallAction,
  BulkFormAction,
  BulkFormProps,
  CallAction,
  FormAction,
  LinkAction,
  RowAction,
  Text,
} from './types';

type Needs = EndpointDefinition | readonly EndpointDefinition[];

// Bodies are typed through `const B extends EndpointBody<E>`: see MaskedReveal in columns.tsx.

interface RowConditions<Row> {
  /** Not offered on this row. */
  hidden?: (row: Row) => boolean;
  /** Offered but not pressable; the text (a translation key, with the row's fields) says why. */
  disabled?: (row: Row) => string | false;
  danger?: boolean | ((row: Row) => boolean);
}

/** The action kinds of a list screen, typed by its row. */
export interface ActionBuilders<Row> {
  /**
   * Opens a component (a modal or a drawer) on a row, or empty from the toolbar. It does its
   * own call (useEndpointMutation) and closes itself. Shown only when `needs` are granted.
   * @example action.form('common.edit', AccountFormDialog, { needs: editUser })
   */
  form(
    label: Text<Row>,
    Component: ComponentType<ActionFormProps<Row>>,
    options: RowConditions<Row> & { needs: Needs },
  ): FormAction<Row>;
  /**
   * Calls an endpoint for a row: asks first when `confirm` is given, toasts `success`, then
   * refreshes the list (and what `invalidates` names). Shown only when the endpoint is granted.
   * @example action.call(deleteUser, { label: 'common.delete', body: (user) => ({ id: user.id }), confirm: 'account.deleteConfirm', danger: true, success: 'messages.deleteSuccess' })
   */
  call<E extends EndpointDefinition, const B extends EndpointBody<E>>(
    endpoint: E,
    options: RowConditions<Row> & {
      label: Text<Row>;
      body: (row: Row) => B;
      confirm?: Text<Row>;
      /** Translation key of the toast (default 'Operation Success'). */
      success?: string;
      invalidates?: readonly EndpointDefinition[];
    },
  ): CallAction<Row>;
  /**
   * Goes to another route for a row (an assignment page, a detail).
   * @example action.link('role.assignMenus', (role) => `/power/menu?roleId=${role.id}`, { needs: setRoleMenus })
   */
  link(
    label: Text<Row>,
    to: (row: Row) => string,
    options: RowConditions<Row> & { needs: Needs },
  ): LinkAction<Row>;
  /**
   * Calls an endpoint once for the selected rows (confirm → call → toast → refresh), then
   * clears the selection.
   * @example action.bulkCall(disburseOrders, { label: 'loan.disburseSelected', body: (orders) => ({ ids: orders.map((o) => o.id) }), confirm: 'loan.disburseConfirm' })
   */
  bulkCall<E extends EndpointDefinition, const B extends EndpointBody<E>>(
    endpoint: E,
    options: {
      label: string;
      body: (rows: readonly Row[]) => B;
      /** Translation key; `{{count}}` is how many rows are selected. */
      confirm?: string;
      success?: string;
      invalidates?: readonly EndpointDefinition[];
      danger?: boolean;
    },
  ): BulkCallAction<Row>;
  /**
   * Opens a component for the selected rows (a bulk SMS with its template, say).
   * @example action.bulkForm('customer.sendSms', BulkSmsDialog, { needs: sendSms })
   */
  bulkForm(
    label: string,
    Component: ComponentType<BulkFormProps<Row>>,
    options: { needs: Needs; danger?: boolean },
  ): BulkFormAction<Row>;
}

function conditions<Row>(options: RowConditions<Row>): RowConditions<Row> {
  return {
    ...(options.hidden ? { hidden: options.hidden } : {}),
    ...(options.disabled ? { disabled: options.disabled } : {}),
    ...(options.danger !== undefined ? { danger: options.danger } : {}),
  };
}

export function actionBuilders<Row>(): ActionBuilders<Row> {
  return {
    form: (label, Component, options) => ({
      kind: 'form',
      label,
      Component,
      needs: options.needs,
      ...conditions(options),
    }),
    call: (endpoint, options) => ({
      kind: 'call',
      endpoint,
      label: options.label,
      body: options.body,
      success: options.success ?? 'messages.operationSuccess',
      invalidates: options.invalidates ?? [],
      ...(options.confirm ? { confirm: options.confirm } : {}),
      ...conditions(options),
    }),
    link: (label, to, options) => ({
      kind: 'link',
      label,
      to,
      needs: options.needs,
      ...conditions(options),
    }),
    bulkCall: (endpoint, options) => ({
      kind: 'bulkCall',
      endpoint,
      label: options.label,
      body: options.body,
      success: options.success ?? 'messages.operationSuccess',
      invalidates: options.invalidates ?? [],
      ...(options.confirm ? { confirm: options.confirm } : {}),
      ...(options.danger ? { danger: true } : {}),
    }),
    bulkForm: (label, Component, options) => ({
      kind: 'bulkForm',
      label,
      Component,
      needs: options.needs,
      ...(options.danger ? { danger: true } : {}),
    }),
  };
}

function needed(needs: Needs): readonly EndpointDefinition[] {
  return Array.isArray(needs) ? needs : [needs as EndpointDefinition];
}

/** Whether the signed-in user may take the action at all. */
export function isGranted(action: RowAction<never> | BulkAction<never>, grants: Grants): boolean {
  if (action.kind === 'call' || action.kind === 'bulkCall') return grants.can(action.endpoint);
  return grants.can(...needed(action.needs));
}

export interface CallRequest {
  endpoint: EndpointDefinition;
  body: unknown;
  /** Already translated. */
  confirm?: string;
  danger?: boolean;
  success: string;
  /** The list itself and what else the call changes. */
  invalidates: readonly EndpointDefinition[];
}

/**
 * The confirm → call → toast → refresh cycle every action goes through. A refusal has been
 * toasted by the request client; the dialog then closes and nothing else happens.
 */
export function useCallRunner() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [pending, setPending] = useState<string | null>(null);

  const call = async (request: CallRequest, id: string): Promise<boolean> => {
    setPending(id);
    try {
      await api.call(request.endpoint, request.body as never);
    } catch {
      return false;
    } finally {
      setPending(null);
    }
    feedback.success(t(request.success));
    await Promise.all(
      request.invalidates.map((stale) =>
        client.invalidateQueries({ queryKey: endpointKey(stale) }),
      ),
    );
    return true;
  };

  /** Runs the call (after the confirmation, if any); resolves true when it succeeded. */
  const run = (request: CallRequest, id: string): Promise<boolean> => {
    if (!request.confirm) return call(request, id);
    return new Promise((resolve) => {
      feedback.confirm({
        title: t('common.tips'),
        content: request.confirm,
        okText: t('common.ok'),
        cancelText: t('common.cancel'),
        ...(request.danger ? { okButtonProps: { danger: true } } : {}),
        onOk: async () => resolve(await call(request, id)),
        onCancel: () => resolve(false),
      });
    });
  };

  return { run, pending };
}

/** The buttons of a row's actions; each is named with the row, e.g. 'Delete: a@example.com'. */
export function RowActionButtons<Row>({
  row,
  rowLabel,
  actions,
  pending,
  onRun,
  onOpen,
}: {
  row: Row;
  rowLabel: string;
  actions: readonly RowAction<Row>[];
  /** The action id running now (its button shows it and cannot be pressed again). */
  pending: string | null;
  onRun: (action: CallAction<Row>, row: Row, id: string) => void;
  onOpen: (action: FormAction<Row>, row: Row) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Space wrap size={4}>
      {actions.map((action, index) => {
        if (action.hidden?.(row)) return null;
        const label = translate(t, action.label, row);
        const why = action.disabled?.(row);
        const danger = typeof action.danger === 'function' ? action.danger(row) : action.danger;
        const id = `${index}:${rowLabel}`;
        const button = (
          <Button
            size="small"
            danger={danger}
            disabled={Boolean(why)}
            loading={pending === id}
            aria-label={`${label}: ${rowLabel}`}
            onClick={() => {
              if (action.kind === 'call') onRun(action, row, id);
              else if (action.kind === 'form') onOpen(action, row);
              else navigate(action.to(row));
            }}
          >
            {label}
          </Button>
        );
        return (
          <Tooltip key={index} title={why ? translate(t, why, row) : undefined}>
            {button}
          </Tooltip>
        );
      })}
    </Space>
  );
}
