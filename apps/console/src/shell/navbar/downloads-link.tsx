import { CloudDownloadOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DOWNLOAD_PAGE_PATH } from '../../components/list-page/download-page-path';

/**
 * The way to the download page of background exports (docs/product.md §9: 'go to the download
 * page').
 */
export function DownloadsLink() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Tooltip title={t('exports.navbar')}>
      <Button
        type="text"
        aria-label={t('exports.navbar')}
        icon={<CloudDownloadOutlined />}
        onClick={() => void navigate(DOWNLOAD_PAGE_PATH)}
      />
    </Tooltip>
  );
}
