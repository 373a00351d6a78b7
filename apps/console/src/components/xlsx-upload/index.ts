export { XlsxUploadDialog, type XlsxUploadDialogProps } from './xlsx-upload-dialog';
export { fileToBase64, receiptFileProblem, xlsxFileProblem, XLSX_LIMIT_BYTES } from './read-file';
