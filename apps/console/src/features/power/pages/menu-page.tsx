import { Alert, Button, Card, Empty, Space, Spin, Tree, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { powerApi } from '@lending/contract';
import { useEndpointMutation } from '../../../lib/use-endpoint';
import { useRoleDetail } from '../api/use-roles';
import { allKeys, compactMenus, expandMenus, menuTree, type MenuTreeNode } from '../menu-tree';

interface TreeData {
  key: string;
  title: string;
  children?: TreeData[];
}

function translate(nodes: MenuTreeNode[], t: (key: string) => string): TreeData[] {
  return nodes.map((node) => ({
    key: node.key,
    title: t(`route.${node.titleKey}`),
    ...(node.children ? { children: translate(node.children, t) } : {}),
  }));
}

/** Hidden /power/menu?roleId=: the route tree, parent and children linked. */
export function MenuPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const roleId = Number(searchParams.get('roleId')) || undefined;
  const role = useRoleDetail(roleId);
  const setMenus = useEndpointMutation(powerApi.setRoleMenus, {
    invalidates: [powerApi.getRoles, powerApi.roleDetail],
    success: 'messages.saveSuccess',
  });
  const tree = useMemo(() => menuTree(), []);
  const treeData = useMemo(() => translate(tree, (key) => t(key)), [tree, t]);
  const [checked, setChecked] = useState<string[] | null>(null);
  const [expanded, setExpanded] = useState<string[]>(['Power', 'SystemConfig']);

  if (!roleId) {
    return (
      <Card title={<h1 className="page-heading">{t('route.powerMenu')}</h1>}>
        <Empty description={t('menuAssign.noRole')} />
      </Card>
    );
  }
  if (!role.data) return <Spin />;
  const current = checked ?? expandMenus(tree, role.data.menus);

  const save = () =>
    setMenus.mutate(
      { id: roleId, menus: compactMenus(tree, current) },
      { onSuccess: () => setChecked(null) },
    );

  return (
    <Card
      title={<h1 className="page-heading">{t('menuAssign.heading', { name: role.data.name })}</h1>}
    >
      <Alert type="info" showIcon title={t('menuAssign.hint')} style={{ marginBottom: 16 }} />
      <Space style={{ marginBottom: 12 }}>
        <Button onClick={() => setExpanded(allKeys(tree))}>{t('menuAssign.expandAll')}</Button>
        <Button onClick={() => setExpanded([])}>{t('menuAssign.collapseAll')}</Button>
      </Space>
      <Typography.Text id="menu-tree-label" className="visually-hidden">
        {t('menuAssign.tree')}
      </Typography.Text>
      <Tree
        aria-labelledby="menu-tree-label"
        checkable
        selectable={false}
        treeData={treeData}
        checkedKeys={current}
        expandedKeys={expanded}
        onExpand={(keys) => setExpanded(keys.map(String))}
        onCheck={(keys) => {
          const list = Array.isArray(keys) ? keys : keys.checked;
          setChecked(list.map(String));
        }}
      />
      <Space style={{ marginTop: 24 }}>
        <Button type="primary" loading={setMenus.isPending} onClick={save}>
          {t('common.save')}
        </Button>
        <Button onClick={() => navigate('/power/role')}>{t('common.back')}</Button>
      </Space>
    </Card>
  );
}
