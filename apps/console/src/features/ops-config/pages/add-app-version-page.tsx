import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { opsConfigApi } from '@lending/contract';
import { useEndpointMutation } from '../../../lib/use-endpoint';
import { VersionForm } from '../components/version-form';

/** Hidden /systemConfig/addCCFOnly: releasing a new app version. */
export function AddAppVersionPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const back = () => navigate('/systemConfig/CCFOnly');
  const save = useEndpointMutation(opsConfigApi.saveVersion, {
    invalidates: [opsConfigApi.listVersions],
    success: 'messages.saveSuccess',
  });
  return (
    <Card title={<h1 className="page-heading">{t('route.addCCFOnly')}</h1>}>
      <VersionForm
        release={null}
        saving={save.isPending}
        onCancel={back}
        onSubmit={async (body) => {
          await save.mutateAsync(body);
          back();
        }}
      />
    </Card>
  );
}
