import { InboxOutlined } from '@ant-design/icons';
import { Alert, Modal, Table, Tag, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EndpointDefinition, ImportReport } from '@lending/contract';
import { feedback } from '../../lib/feedback';
import { useEndpointMutation } from '../../lib/use-endpoint';
import { fileToBase64, xlsxFileProblem } from './read-file';

export interface XlsxUploadDialogProps {
  open: boolean;
  onClose(): void;
  /** An import endpoint: takes `{fileName, contentBase64}`, answers a row-by-row report. */
  endpoint: EndpointDefinition;
  /** Translation key of the dialog's title. */
  title: string;
  /** Translation key of the sheet's column headers, shown so staff can lay out their file. */
  columns: string;
  /** Lists the import changes (refreshed after it). */
  invalidates?: readonly EndpointDefinition[];
}

/**
 * The import kit's console half (docs/product.md §5/§9): choose one .xlsx file of at most 10M
 * ('select a file'), send it, toast 'Upload file success' or 'Upload file failed', and show the
 * server's row-by-row report of what was accepted and refused and why. Any import screen (offline
 * repayments, blacklists, telemarketing lists) opens it with its own endpoint and columns.
 */
export function XlsxUploadDialog(props: XlsxUploadDialogProps) {
  // Mounted per opening, so each opening starts with no file and no report.
  return props.open ? <UploadModal {...props} /> : null;
}

function UploadModal({
  onClose,
  endpoint,
  title,
  columns,
  invalidates = [],
}: XlsxUploadDialogProps) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | undefined>();
  const [problem, setProblem] = useState<string | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const upload = useEndpointMutation(endpoint, { invalidates });

  const send = async () => {
    const found = xlsxFileProblem(file);
    if (found || !file) {
      setProblem(t(`upload.${found ?? 'selectFile'}`));
      return;
    }
    try {
      const answer = (await upload.mutateAsync({
        fileName: file.name,
        contentBase64: await fileToBase64(file),
      } as never)) as ImportReport;
      setReport(answer);
      feedback.success(t('messages.uploadSuccess'));
    } catch {
      feedback.warning(t('messages.uploadFailed'));
    }
  };

  return (
    <Modal
      open
      title={t(title)}
      okText={report ? t('upload.close') : t('upload.send')}
      cancelText={t('common.cancel')}
      confirmLoading={upload.isPending}
      onOk={report ? onClose : () => void send()}
      onCancel={onClose}
      width={720}
      destroyOnHidden
    >
      {report ? (
        <>
          <Alert
            type={report.refused > 0 ? 'warning' : 'success'}
            showIcon
            style={{ marginBottom: 12 }}
            title={t('upload.summary', {
              fileName: report.fileName,
              accepted: report.accepted,
              refused: report.refused,
            })}
          />
          <Table
            size="small"
            rowKey="row"
            pagination={{ pageSize: 10, hideOnSinglePage: true }}
            dataSource={report.rows}
            columns={[
              { title: t('upload.row'), dataIndex: 'row', width: 80 },
              {
                title: t('upload.result'),
                dataIndex: 'status',
                width: 110,
                render: (status: 'accepted' | 'refused') => (
                  <Tag color={status === 'accepted' ? 'green' : 'red'}>
                    {t(`upload.statuses.${status}`)}
                  </Tag>
                ),
              },
              {
                title: t('upload.reason'),
                dataIndex: 'reason',
                render: (r: string | null) => r ?? '',
              },
            ]}
          />
        </>
      ) : (
        <>
          <Typography.Paragraph type="secondary">
            {t('upload.columns', { columns: t(columns) })}
          </Typography.Paragraph>
          <Upload.Dragger
            accept=".xlsx"
            maxCount={1}
            beforeUpload={(chosen) => {
              setFile(chosen);
              setProblem(null);
              return false;
            }}
            onRemove={() => setFile(undefined)}
            fileList={file ? [{ uid: 'chosen', name: file.name, status: 'done' as const }] : []}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p>{t('upload.hint')}</p>
          </Upload.Dragger>
          {problem ? (
            <Alert type="error" showIcon style={{ marginTop: 12 }} title={problem} />
          ) : null}
        </>
      )}
    </Modal>
  );
}
