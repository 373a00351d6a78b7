import { Button, Card, Checkbox, Empty, Input, Space, Spin, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { powerApi } from '@lending/contract';
import { useEndpointMutation } from '../../../lib/use-endpoint';
import { useInterfaceCatalogue, useRoleDetail } from '../api/use-roles';
import { filterCatalogue } from '../interface-filter';

/** Hidden /power/interface?roleId=: every admin API interface, by module, searchable. */
export function InterfacePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const roleId = Number(searchParams.get('roleId')) || undefined;
  const role = useRoleDetail(roleId);
  const catalogue = useInterfaceCatalogue();
  const setInterfaces = useEndpointMutation(powerApi.setRoleInterfaces, {
    invalidates: [powerApi.getRoles, powerApi.roleDetail],
    success: 'messages.saveSuccess',
  });
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<Set<string> | null>(null);
  const groups = useMemo(
    () => (catalogue.data ? filterCatalogue(catalogue.data, search) : []),
    [catalogue.data, search],
  );

  if (!roleId) {
    return (
      <Card title={<h1 className="page-heading">{t('route.powerInterface')}</h1>}>
        <Empty description={t('menuAssign.noRole')} />
      </Card>
    );
  }
  if (!role.data || !catalogue.data) return <Spin />;
  const current = selected ?? new Set(role.data.interfaces);

  const toggle = (ids: string[], on: boolean) => {
    const next = new Set(current);
    for (const id of ids) {
      if (on) next.add(id);
      else next.delete(id);
    }
    setSelected(next);
  };

  const save = () => {
    // Keep the catalogue's order so the stored list reads like the screen.
    const all = catalogue.data.modules.flatMap((g) => g.interfaces.map((i) => i.id));
    setInterfaces.mutate(
      { id: roleId, interfaces: all.filter((id) => current.has(id)) },
      { onSuccess: () => setSelected(null) },
    );
  };

  return (
    <Card
      title={
        <h1 className="page-heading">{t('interfaceAssign.heading', { name: role.data.name })}</h1>
      }
    >
      <Input.Search
        aria-label={t('interfaceAssign.search')}
        placeholder={t('interfaceAssign.searchPlaceholder')}
        allowClear
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        style={{ maxWidth: 400, marginBottom: 16 }}
      />
      {groups.length === 0 ? <Empty description={t('interfaceAssign.nothingFound')} /> : null}
      <Space direction="vertical" style={{ width: '100%' }}>
        {groups.map((group) => {
          const ids = group.interfaces.map((entry) => entry.id);
          const held = ids.filter((id) => current.has(id)).length;
          return (
            <Card
              key={group.module}
              size="small"
              role="group"
              aria-label={t('interfaceAssign.module', { module: group.module })}
              title={
                <Checkbox
                  checked={held === ids.length}
                  indeterminate={held > 0 && held < ids.length}
                  onChange={(event) => toggle(ids, event.target.checked)}
                >
                  {t('interfaceAssign.selectModule', { module: group.module })}
                </Checkbox>
              }
            >
              <Space direction="vertical">
                {group.interfaces.map((entry) => (
                  <Checkbox
                    key={entry.id}
                    checked={current.has(entry.id)}
                    onChange={(event) => toggle([entry.id], event.target.checked)}
                  >
                    <Typography.Text code>{entry.id}</Typography.Text> {entry.summary}{' '}
                    {entry.mutates ? (
                      <Tag color="orange">{t('interfaceAssign.changes')}</Tag>
                    ) : null}
                  </Checkbox>
                ))}
              </Space>
            </Card>
          );
        })}
      </Space>
      <Space style={{ marginTop: 24 }}>
        <Button type="primary" loading={setInterfaces.isPending} onClick={save}>
          {t('common.save')}
        </Button>
        <Button onClick={() => navigate('/power/role')}>{t('common.back')}</Button>
      </Space>
    </Card>
  );
}
