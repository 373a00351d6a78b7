/** Uploads are .xlsx only, 10M at most. */
export const XLSX_LIMIT_BYTES = 10 * 1024 * 1024;

export type FileProblem = 'selectFile' | 'onlyXlsx' | 'tooLarge';

/** Why a chosen file cannot be sent as an import (docs/product.md §5 texts), or null. */
export function xlsxFileProblem(
  file: { name: string; size: number } | undefined,
): FileProblem | null {
  if (!file) return 'selectFile';
  if (!/\.xlsx$/i.test(file.name)) return 'onlyXlsx';
  if (file.size > XLSX_LIMIT_BYTES) return 'tooLarge';
  return null;
}

/** Why a chosen photo or PDF cannot be sent as a receipt, or null (the server sniffs it too). */
export function receiptFileProblem(
  file: { name: string; size: number; type: string },
  limitBytes: number,
): 'receiptType' | 'receiptTooLarge' | null {
  if (!/^(image\/(jpeg|png|webp)|application\/pdf)$/.test(file.type)) return 'receiptType';
  if (file.size > limitBytes) return 'receiptTooLarge';
  return null;
}

/** A file's bytes as base64, the way upload calls carry them in their JSON body. */
export function fileToBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result);
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('the file could not be read'));
    reader.readAsDataURL(file);
  });
}
