import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { type AppVersion, opsConfigApi } from '@lending/contract';
import { listPage, type ActionFormProps, type StatusTags } from '../../../components/list-page';
import { VersionFormDialog } from '../components/version-form';

/** The toolbar's 'New release' opens the hidden addCCFOnly page (docs/product.md §2). */
function OpenAddPage({ open, onClose }: ActionFormProps<AppVersion>) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!open) return;
    onClose();
    void navigate('/systemConfig/addCCFOnly');
  }, [open, onClose, navigate]);
  return null;
}

const forceTags: StatusTags<'yes' | 'no'> = {
  yes: { label: 'opsConfig.version.forced', color: 'red' },
  no: { label: 'opsConfig.version.optional' },
};

/**
 * /systemConfig/CCFOnly (version release list; docs/product.md §3: version number, update content,
 * force update, package address). New releases are made on the hidden addCCFOnly page. The
 * borrower API (/app-api/config/version_check) tells the app whether to update.
 */
export const AppVersionPage = listPage(opsConfigApi.listVersions, ({ column, action }) => ({
  route: 'CCFOnly',
  rowKey: (release) => release.version,
  rowLabel: (release) => release.version,
  columns: [
    column.text('version', 'opsConfig.version.version', { sortable: true }),
    column.ellipsis('content', 'opsConfig.version.content'),
    column.render('forceUpdate', 'opsConfig.version.forceUpdate', (release, t) =>
      t(release.forceUpdate ? forceTags.yes.label : forceTags.no.label),
    ),
    column.ellipsis('packageUrl', 'opsConfig.version.packageUrl'),
    column.instant('releasedAt', 'opsConfig.version.releasedAt', { sortable: true }),
    column.text('releasedBy', 'opsConfig.version.releasedBy'),
  ],
  toolbar: [action.form('opsConfig.version.new', OpenAddPage, { needs: opsConfigApi.saveVersion })],
  rowActions: [
    action.form('common.edit', VersionFormDialog, { needs: opsConfigApi.saveVersion }),
    action.call(opsConfigApi.deleteVersion, {
      label: 'common.delete',
      body: (release) => ({ version: release.version }),
      confirm: 'opsConfig.version.deleteConfirm',
      danger: true,
      success: 'messages.deleteSuccess',
    }),
  ],
}));
