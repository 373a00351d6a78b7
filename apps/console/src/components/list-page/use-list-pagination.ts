import type { TablePaginationConfig } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ListParams } from '../../lib/use-list-params';

/** The pagination of a server-paginated table whose page and size live in the URL. */
export function useListPagination(
  params: Pick<ListParams<unknown>, 'page' | 'pageSize'>,
  total: number | undefined,
  setPage: (page: number, pageSize: number) => void,
): TablePaginationConfig {
  const { t } = useTranslation();
  return {
    current: params.page,
    pageSize: params.pageSize,
    total: total ?? 0,
    showSizeChanger: true,
    showTotal: (count) => t('common.total', { total: count }),
    onChange: setPage,
  };
}
